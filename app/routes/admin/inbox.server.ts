// The inbox's server side: contact messages and the newest subscribers, Mark handled/Reopen
// through the content module's use case and its one reply table (the same as PUT
// /api/admin/messages/:id), and the subscribers' CSV download.
import type { AppLoadContext } from "react-router";
import { istDay } from "#common/dates.ts";
import { listMessages, listSubscribers, setMessageHandled, subscribersCsv, unhandledMessageCount } from "#server/modules/content/inbox.ts";
import { inboxReply } from "#server/modules/content/replies.ts";
import { pageOf } from "#server/schemas/input.ts";
import { formText } from "~/lib/form-text";
import { adminAction, changedBy } from "./admin-action.server";
import { hasNextPage, listForPage } from "./admin-list.server";

/** The messages at the address's page; the newest subscribers (the CSV has them all). */
export async function loadInbox(context: AppLoadContext, url: URL) {
  const { db } = context.shop;
  const [messages, subscribers, unread] = await Promise.all([
    listForPage((query) => listMessages(db, query), url),
    listSubscribers(db, {}).then(pageOf),
    unhandledMessageCount(db),
  ]);
  return {
    messages: messages.items,
    unread,
    hasNext: hasNextPage(messages),
    page: messages.page,
    subscribers: subscribers.items,
    subscriberTotal: subscribers.total,
  };
}

/** The form's `intent`: "handle" marks a message handled, anything else reopens it. */
export function markMessage(context: AppLoadContext, form: FormData) {
  const { intent, id } = formText(form, ["intent", "id"]);
  return adminAction(context, "Failed to update message", async () =>
    inboxReply.setMessageHandled(await setMessageHandled(context.shop.db, changedBy(context), id, { handled: intent === "handle" })),
  );
}

/** Every confirmed subscriber as a CSV download (the same file as GET /api/admin/subscribers.csv). */
export async function subscribersCsvResponse(context: AppLoadContext): Promise<Response> {
  const csv = await subscribersCsv(context.shop.db);
  const day = istDay();
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="newsletter-subscribers-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
