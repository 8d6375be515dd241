import { formatDateTime } from "#common/dates.ts";
import { formatIndianPhone } from "#common/india.ts";
import type { MessageStatus, OrderMessageJson } from "#common/phone-messages.ts";

const CHANNEL_LABELS = { sms: "SMS", whatsapp: "WhatsApp" } as const;

const STATUS_LABELS: Record<MessageStatus, string> = {
  queued: "Waiting to be sent",
  sent: "Sent",
  delivered: "Delivered",
  read: "Read",
  failed: "Failed",
};

const STATUS_TONES: Record<MessageStatus, string> = {
  queued: "bg-yellow-100 text-yellow-900",
  sent: "bg-gray-100 text-gray-800",
  delivered: "bg-green-100 text-green-800",
  read: "bg-green-100 text-green-800",
  failed: "bg-red-100 text-red-800",
};

/**
 * The admin order page's "Messages" (decisions/054): each SMS and WhatsApp message of the order,
 * to which number, what it said (its template), and what became of it with the times. A list, not
 * a table, so it reads on a phone without sideways scrolling.
 */
export function OrderMessages({ messages, className = "" }: { messages: OrderMessageJson[]; className?: string }) {
  return (
    <section aria-labelledby="order-messages-heading" className={className}>
      <h2 id="order-messages-heading" className="text-lg font-semibold text-gray-900">
        Messages
      </h2>
      {messages.length === 0 ? (
        <p className="mt-2 text-sm text-gray-700">No SMS or WhatsApp messages for this order.</p>
      ) : (
        <ul className="mt-2 divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
          {messages.map((message) => (
            <li key={message._id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 p-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-gray-900">
                  {message.label} <span className="font-normal text-gray-700">· {CHANNEL_LABELS[message.channel]} to {formatIndianPhone(message.to)}
                    {message.language === "hi" ? " · in Hindi" : ""}
                  </span>
                </p>
                <p className="text-gray-700">
                  Queued {formatDateTime(message.createdAt)}
                  {message.sentAt ? <> · sent {formatDateTime(message.sentAt)}</> : null}
                  {message.statusAt && message.status !== "sent" && message.status !== "queued" ? (
                    <>
                      {" "}
                      · {STATUS_LABELS[message.status].toLowerCase()} {formatDateTime(message.statusAt)}
                    </>
                  ) : null}
                </p>
                {message.fallbackOf ? <p className="text-gray-700">Sent by SMS because the WhatsApp message failed</p> : null}
                {message.lastError && message.status !== "sent" ? (
                  <p className="break-words text-gray-700">
                    {message.status === "queued" ? `Attempt ${message.attempts} failed, will retry: ` : "Last error: "}
                    {message.lastError}
                  </p>
                ) : null}
              </div>
              <span className={`inline-block shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONES[message.status]}`}>{STATUS_LABELS[message.status]}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
