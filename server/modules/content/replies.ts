import { ADMIN_MESSAGES } from "#common/admin.ts";
import { CONTACT_THANK_YOU, NEWSLETTER_MESSAGES } from "#common/messages.ts";
import { invalidInputReply, ok, refusal, refused, type Reply } from "#server/replies.ts";
import type { InvalidInput } from "#server/schemas/input.ts";
import { throttledReply } from "#server/modules/limits/limiter.ts";
import type { ContactResult } from "./contact.ts";
import type { MessageHandledResult } from "./inbox.ts";
import type { ConfirmSubscriptionResult, SubscribeResult, UnsubscribeResult } from "./newsletter.ts";

/** The one status and message for every outcome of the content module, for the API and the pages alike. */
export function contentReply(result: ContactResult | SubscribeResult | ConfirmSubscriptionResult): Reply {
  if (result.ok) {
    if ("outcome" in result) return { status: 201, message: NEWSLETTER_MESSAGES.checkInbox };
    if ("id" in result) return { status: 201, message: CONTACT_THANK_YOU };
    return { status: 200, message: NEWSLETTER_MESSAGES.subscribed };
  }
  switch (result.reason) {
    case "invalid":
      return invalidInputReply(result.errors);
    case "throttled":
      return throttledReply(result);
    case "already-subscribed":
      return { status: 409, message: NEWSLETTER_MESSAGES.alreadySubscribed };
    case "invalid-link":
      return { status: 400, message: NEWSLETTER_MESSAGES.invalidLink };
  }
}

export const UNSUBSCRIBE_MESSAGES = {
  done: "You have been unsubscribed. We will send you no more newsletter emails.",
  invalidLink: "This unsubscribe link is invalid. Please use the link from one of our emails.",
} as const;

/** The /unsubscribe page's answer (the link in every marketing email). */
export function unsubscribeReply(result: UnsubscribeResult): Reply {
  return result.ok ? { status: 200, message: UNSUBSCRIBE_MESSAGES.done } : { status: 400, message: UNSUBSCRIBE_MESSAGES.invalidLink };
}

/** The inbox's lists and its Mark handled / Reopen (/api/admin/messages, /api/admin/subscribers and the inbox page). */
export const inboxReply = {
  /** A list query its schema refused (a page number that is not one). */
  list: (result: InvalidInput): Reply => refusal(result, {}),
  setMessageHandled(result: MessageHandledResult): Reply {
    if (!result.ok) return refusal(result, { "not-found": refused(404, ADMIN_MESSAGES.messageNotFound) });
    return ok(result.outcome === "handled" ? "Message marked handled" : "Message reopened");
  },
};
