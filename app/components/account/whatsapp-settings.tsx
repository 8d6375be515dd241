import { Form } from "react-router";
import { formatDateTime } from "#common/dates.ts";
import { formatIndianPhone } from "#common/india.ts";
import { WHATSAPP_UPDATES_SENT } from "#common/whatsapp-chat.ts";
import { WhatsAppIcon } from "~/components/ui/whatsapp-chat-link";
import { type AccountActionData, BUTTON, IntentField, Outcome, SECTION, useBusy } from "./account-settings";

/**
 * Order news on WhatsApp (issue 30, decisions/055): one box, saved with the same use case as
 * PUT /api/users/profile { whatsappUpdates }. Turning it on needs a number on the account.
 */
export function WhatsAppSettings({
  account,
  data,
}: {
  account: { phone: string | null; whatsappUpdates: boolean; whatsappUpdatesAt: string | null };
  data: AccountActionData | undefined;
}) {
  const busy = useBusy("whatsapp");
  return (
    <section aria-labelledby="whatsapp-heading" className={SECTION}>
      <h2 id="whatsapp-heading" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
        <WhatsAppIcon className="h-5 w-5 text-green-700" />
        WhatsApp updates
      </h2>
      <p className="mt-2 text-gray-800" data-testid="whatsapp-status">
        {account.whatsappUpdates && account.whatsappUpdatesAt ? (
          <>
            <strong>On</strong> since {formatDateTime(account.whatsappUpdatesAt)} (IST).
          </>
        ) : (
          <>
            <strong>Off</strong>: your order news comes by email and SMS.
          </>
        )}
      </p>
      <p className="mt-2 text-sm text-gray-700">{WHATSAPP_UPDATES_SENT}</p>
      <p className="mt-2 text-sm text-gray-700">
        {account.phone ? (
          <>
            They go to the mobile number of each order's delivery address; the number on your account is{" "}
            <strong className="whitespace-nowrap">+91 {formatIndianPhone(account.phone)}</strong>. Removing it turns WhatsApp updates off.
          </>
        ) : (
          "Add your mobile number above first: WhatsApp updates need a number on your account."
        )}
      </p>
      <Form method="post" className="mt-4 space-y-4">
        <IntentField intent="whatsapp" />
        <label className="flex items-start gap-3 text-gray-900">
          <input
            type="checkbox"
            name="whatsappUpdates"
            defaultChecked={account.whatsappUpdates}
            key={String(account.whatsappUpdates)}
            className="mt-1 h-4 w-4 flex-none accent-brand-700"
          />
          Send my order updates on WhatsApp
        </label>
        <button type="submit" disabled={busy} className={BUTTON}>
          {busy ? "Saving..." : "Save WhatsApp choice"}
        </button>
      </Form>
      {/* A refusal (no number yet) is the form's alert. */}
      <Outcome data={data} intent="whatsapp" />
    </section>
  );
}
