import { Form } from "react-router";
import { formatDateTime } from "#common/dates.ts";
import { useLanguage, useT } from "~/lib/i18n";
import { formatIndianPhone } from "#common/india.ts";
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
  const t = useT();
  const language = useLanguage();
  return (
    <section aria-labelledby="whatsapp-heading" className={SECTION}>
      <h2 id="whatsapp-heading" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
        <WhatsAppIcon className="h-5 w-5 text-green-700" />
        {t("account.whatsapp.title")}
      </h2>
      <p className="mt-2 text-gray-800" data-testid="whatsapp-status">
        {account.whatsappUpdates && account.whatsappUpdatesAt ? (
          <>
            <strong>{t("account.whatsapp.on")}</strong> {t("account.whatsapp.since", { at: formatDateTime(account.whatsappUpdatesAt, language) })}
          </>
        ) : (
          <>
            <strong>{t("account.whatsapp.off")}</strong>
            {t("account.whatsapp.offText")}
          </>
        )}
      </p>
      <p className="mt-2 text-sm text-gray-700">{t("account.whatsapp.sent")}</p>
      <p className="mt-2 text-sm text-gray-700">
        {account.phone ? (
          <>
            {t("account.whatsapp.goesTo")}{" "}
            <strong className="whitespace-nowrap">+91 {formatIndianPhone(account.phone)}</strong>
            {t("account.whatsapp.removing")}
          </>
        ) : (
          t("account.whatsapp.needsNumber")
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
          {t("account.whatsapp.box")}
        </label>
        <button type="submit" disabled={busy} className={BUTTON}>
          {busy ? t("auth.saving") : t("account.whatsapp.save")}
        </button>
      </Form>
      {/* A refusal (no number yet) is the form's alert. */}
      <Outcome data={data} intent="whatsapp" />
    </section>
  );
}
