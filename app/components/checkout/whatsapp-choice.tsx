import { formatIndianPhone } from "#common/india.ts";
import { WhatsAppIcon } from "~/components/ui/whatsapp-chat-link";
import { useT } from "~/lib/i18n";

/**
 * The checkout's "updates on WhatsApp" box (issue 30, decisions/055): this order's news to its
 * delivery phone; ticked, it also turns the account's WhatsApp updates on where the account has a
 * number. It starts ticked only for a shopper who already turned them on.
 */
export function WhatsAppChoice({
  checked,
  onChange,
  phone,
  account,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The delivery phone's 10 digits, or null while the typed one is not a mobile number yet. */
  phone: string | null;
  account: { accountOptedIn: boolean; accountHasPhone: boolean };
}) {
  const t = useT();
  const accountNote = t(
    account.accountOptedIn ? "checkout.whatsappOn" : account.accountHasPhone ? "checkout.whatsappTurnOn" : "checkout.whatsappThisOrder",
  );
  return (
    <div className="rounded-md border border-gray-300 p-3 has-[:checked]:border-green-700 has-[:checked]:bg-green-50">
      <label className="flex cursor-pointer items-start gap-3 font-medium text-gray-900">
        <input
          type="checkbox"
          name="whatsappUpdates"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby="whatsapp-choice-details"
          className="mt-1 h-4 w-4 flex-none accent-brand-700"
        />
        <span className="flex items-center gap-2">
          <WhatsAppIcon className="h-5 w-5 flex-none text-green-700" />
          {t("checkout.whatsapp")}
        </span>
      </label>
      <div id="whatsapp-choice-details" className="mt-1 space-y-1 pl-7 text-sm text-gray-700">
        <p>
          {t("checkout.whatsappTo")}
          {phone ? <strong className="whitespace-nowrap"> +91 {formatIndianPhone(phone)}</strong> : null}
          {t("checkout.whatsappSent")}
        </p>
        <p>{accountNote}</p>
      </div>
    </div>
  );
}
