export { listMessages, listSubscribers, setMessageHandled, subscribersCsv } from "#server/modules/admin/inbox.ts";
export { HttpError } from "#server/http/errors.ts";
