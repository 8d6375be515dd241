import { CheckCircle2, Download, RotateCcw } from "lucide-react";
import { useToastedFetcher } from "~/components/admin/confirm-delete";
import { unreadMessagesText } from "#common/admin.ts";
import { formatDateTime } from "#common/dates.ts";
import { ADMIN_MAIN, AdminPageHeader, EmptyState, TABLE, TABLE_WRAP, TD, TH, THEAD } from "~/components/admin/page-header";
import { Pager } from "~/components/admin/pager";
import { NOINDEX } from "~/components/auth/auth-card";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/inbox";
import { loadInbox, markMessage } from "./inbox.server";
import { requireAdmin } from "./require-admin.server";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Inbox | Admin", "Messages sent through the contact form, and the newsletter's subscribers."),
  NOINDEX,
];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return loadInbox(context, new URL(request.url));
}

/** Marks a contact message handled, or reopens it. */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(request, context);
  return markMessage(context, await request.formData());
}

export default function AdminInbox({ loaderData }: Route.ComponentProps) {
  const { messages, unread, hasNext, page, subscribers, subscriberTotal } = loaderData;
  return (
    <main id="main" className={ADMIN_MAIN}>
      <AdminPageHeader title="Inbox" />
      <section aria-labelledby="messages-heading" className="mt-6">
        <h2 id="messages-heading" className="text-lg font-semibold text-gray-900">
          Contact messages{" "}
          {unread > 0 ? (
            <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 align-middle text-sm font-semibold text-brand-900">{unreadMessagesText(unread)}</span>
          ) : null}
        </h2>
        <p className="mt-1 text-sm text-gray-700">{unread > 0 ? "Unread messages are the ones not yet marked handled; they come first." : "Every message has been marked handled."}</p>
        {messages.length === 0 ? (
          <EmptyState>No messages yet.</EmptyState>
        ) : (
          <ul className="mt-3 space-y-3">
            {messages.map((message) => (
              <li
                key={message._id}
                className={`rounded-lg border bg-white p-4 ${message.handled ? "border-gray-200" : "border-brand-200 shadow-sm"}`}
              >
                <article aria-label={`Message from ${message.name}`}>
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="min-w-0">
                      <h3 className="font-semibold text-gray-900">{message.name}</h3>
                      <a href={`mailto:${message.email}`} className="break-all text-sm text-brand-800 underline">
                        {message.email}
                      </a>
                      <p className="text-xs text-gray-600">{formatDateTime(message.createdAt)}</p>
                    </div>
                    <HandledToggle id={message._id} name={message.name} handled={message.handled} handledAt={message.handledAt} />
                  </div>
                  <p className="mt-3 whitespace-pre-line break-words text-gray-800">{message.message}</p>
                </article>
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} hasNext={hasNext} label="Messages pages" />
      </section>

      <section aria-labelledby="subscribers-heading" className="mt-10">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="subscribers-heading" className="text-lg font-semibold text-gray-900">
            Newsletter subscribers ({subscriberTotal})
          </h2>
          <a
            href="/admin/inbox/subscribers.csv"
            download
            className="inline-flex items-center gap-2 rounded-md border border-gray-400 bg-white px-3 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-100"
          >
            <Download className="h-4 w-4" aria-hidden /> Export CSV
          </a>
        </div>
        {subscribers.length === 0 ? (
          <EmptyState>No subscribers yet.</EmptyState>
        ) : (
          <div className={TABLE_WRAP}>
            <table className={TABLE}>
              <caption className="sr-only">The newest {subscribers.length} subscribers; the CSV export has all of them.</caption>
              <thead className={THEAD}>
                <tr>
                  <th scope="col" className={TH}>Email</th>
                  <th scope="col" className={TH}>Subscribed</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-200">
                {subscribers.map((subscriber) => (
                  <tr key={subscriber._id}>
                    <td className={`${TD} break-all`}>{subscriber.email}</td>
                    <td data-label="Subscribed" className={`${TD} whitespace-nowrap`}>{formatDateTime(subscriber.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {subscriberTotal > subscribers.length ? (
          <p className="mt-2 text-sm text-gray-700">Showing the newest {subscribers.length}; the CSV export has all {subscriberTotal}.</p>
        ) : null}
      </section>
    </main>
  );
}

function HandledToggle({ id, name, handled, handledAt }: { id: string; name: string; handled: boolean; handledAt: string | null }) {
  const fetcher = useToastedFetcher("Failed to update message");
    return (
    <div className="flex flex-col items-end gap-1">
      {handled ? (
        <p className="inline-flex items-center gap-1 text-sm font-medium text-green-800">
          <CheckCircle2 className="h-4 w-4" aria-hidden /> Handled{handledAt ? ` ${formatDateTime(handledAt)}` : ""}
        </p>
      ) : null}
      <fetcher.Form method="post">
        <input type="hidden" name="id" value={id} />
        {handled ? (
          <button
            type="submit"
            name="intent"
            value="reopen"
            disabled={fetcher.state !== "idle"}
            className="inline-flex items-center gap-1 rounded-md border border-gray-400 bg-white px-2.5 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-100"
          >
            <RotateCcw className="h-4 w-4" aria-hidden /> Reopen<span className="sr-only"> message from {name}</span>
          </button>
        ) : (
          <button
            type="submit"
            name="intent"
            value="handle"
            disabled={fetcher.state !== "idle"}
            className="inline-flex items-center gap-1 rounded-md bg-brand-700 px-2.5 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
          >
            <CheckCircle2 className="h-4 w-4" aria-hidden /> Mark handled<span className="sr-only"> message from {name}</span>
          </button>
        )}
      </fetcher.Form>
    </div>
  );
}

export { ErrorBoundary } from "~/components/admin/admin-error";
