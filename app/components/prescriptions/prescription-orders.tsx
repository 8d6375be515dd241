import { ClipboardList } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { SavedAddress } from "#common/addresses.ts";
import { formatDateTime } from "#common/dates.ts";
import { NOTE_MAX, type PrescriptionOrderJson } from "#common/prescription-orders.ts";
import type { PrescriptionJson } from "#common/prescriptions.ts";
import { SUBMIT_CLASS } from "~/components/auth/auth-card";
import { FieldError, TextAreaField } from "~/components/ui/field";
import { useLanguage, useLocalePath, useT } from "~/lib/i18n";
import { useReplyErrors } from "~/lib/api-sentences";

type AskResult = { ok: boolean; message: string; errors: Record<string, string> };

/** A form's answer above it: a status when it worked, an alert when it did not (My Prescriptions' two forms). */
export function FormMessage({ result }: { result?: { ok: boolean; message: string } }) {
  if (!result) return null;
  return (
    <p
      role={result.ok ? "status" : "alert"}
      className={`mt-4 rounded-md border px-4 py-3 ${result.ok ? "border-green-200 bg-green-50 text-green-900" : "border-red-200 bg-red-50 text-red-800"}`}
    >
      {result.message}
    </p>
  );
}


const REQUEST_STATES: Record<PrescriptionOrderJson["status"], string> = {
  waiting: "account.ask.waiting",
  proposed: "account.ask.proposed",
  declined: "account.ask.declined",
};

const SELECT = "mt-1 block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-base text-gray-900 aria-[invalid=true]:border-red-600";

/**
 * "Ask the pharmacy to build my order" on My Prescriptions (issue 32, decisions/058): one of the
 * shopper's prescriptions that is not rejected, optionally a saved address and a note, posted to the
 * page's action (the same use case as POST /api/prescription-orders); works without JavaScript.
 */
export function AskPharmacy({ prescriptions, addresses, result }: { prescriptions: PrescriptionJson[]; addresses: SavedAddress[]; result?: AskResult }) {
  const usable = prescriptions.filter((prescription) => prescription.status !== "rejected");
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "ask";
  const formRef = useRef<HTMLFormElement>(null);
  const errors = useReplyErrors()(result?.errors ?? {});
  const t = useT();
  const lp = useLocalePath();
  const language = useLanguage();
  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);
  const defaultAddress = addresses.find((address) => address.isDefault)?._id ?? "";

  return (
    <section aria-labelledby="ask-heading" className="mt-8 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="ask-heading" className="text-xl font-semibold text-gray-900">
        {t("account.ask.title")}
      </h2>
      <p className="mt-1 text-gray-700">{t("account.ask.intro")}</p>
      <FormMessage result={result} />
      {usable.length === 0 ? (
        <p className="mt-4 text-gray-700">{t("account.ask.uploadFirst")}</p>
      ) : (
        <Form ref={formRef} method="post" className="mt-4 grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="ask" />
          <div>
            <label htmlFor="ask-prescription" className="block text-sm font-medium text-gray-800">
              {t("account.ask.prescription")}<span aria-hidden> *</span>
            </label>
            <select
              id="ask-prescription"
              name="prescriptionId"
              required
              aria-invalid={errors.prescriptionId ? true : undefined}
              aria-describedby={errors.prescriptionId ? "ask-prescription-error" : undefined}
              className={SELECT}
            >
              {usable.map((prescription) => (
                <option key={prescription._id} value={prescription._id}>
                  {prescription.fileName} ({formatDateTime(prescription.createdAt, language)})
                </option>
              ))}
            </select>
            <FieldError id="ask-prescription-error" message={errors.prescriptionId} />
          </div>
          <div>
            <label htmlFor="ask-address" className="block text-sm font-medium text-gray-800">
              {t("account.ask.address")}
            </label>
            <select
              id="ask-address"
              name="addressId"
              defaultValue={defaultAddress}
              aria-invalid={errors.addressId ? true : undefined}
              aria-describedby={errors.addressId ? "ask-address-error" : "ask-address-help"}
              className={SELECT}
            >
              <option value="">{t("account.ask.chooseAtCheckout")}</option>
              {addresses.map((address) => (
                <option key={address._id} value={address._id}>
                  {address.fullName}, {address.line1}, {address.city} {address.postalCode}
                </option>
              ))}
            </select>
            <p id="ask-address-help" className="mt-1 text-sm text-gray-700">
              {t("account.ask.addressHelp")}{" "}
              <Link to={lp("/profile/addresses")} className="font-medium text-brand-800 underline">
                {t("account.ask.manageAddresses")}
              </Link>
            </p>
            <FieldError id="ask-address-error" message={errors.addressId} />
          </div>
          <TextAreaField label={t("account.ask.note")} name="note" rows={3} maxLength={NOTE_MAX} error={errors.note} className="sm:col-span-2" />
          <div className="sm:col-span-2">
            <button type="submit" disabled={sending} className={`${SUBMIT_CLASS} inline-flex items-center justify-center gap-2 sm:w-auto`}>
              <ClipboardList className="h-4 w-4" aria-hidden />
              {sending ? t("auth.sending") : t("account.ask.title")}
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}

/** The shopper's requests and where each stands: waiting, the items put in the cart, or why it was declined. */
export function MyPrescriptionOrders({ requests, prescriptions }: { requests: PrescriptionOrderJson[]; prescriptions: PrescriptionJson[] }) {
  const t = useT();
  const lp = useLocalePath();
  const language = useLanguage();
  if (requests.length === 0) return null;
  const fileName = (id: string) => prescriptions.find((prescription) => prescription._id === id)?.fileName ?? t("account.ask.prescription");
  return (
    <section aria-labelledby="requests-heading" className="mt-8">
      <h2 id="requests-heading" className="text-xl font-semibold text-gray-900">
        {t("account.ask.requests")}
      </h2>
      <ul className="mt-3 divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white">
        {requests.map((request) => (
          <li key={request._id} className="flex flex-col gap-2 p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-medium break-all text-gray-900">{fileName(request.prescriptionId)}</p>
              <span
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                  request.status === "proposed" ? "bg-green-100 text-green-900" : request.status === "declined" ? "bg-red-100 text-red-900" : "bg-amber-100 text-amber-900"
                }`}
              >
                {t(REQUEST_STATES[request.status])}
              </span>
            </div>
            <p className="text-sm text-gray-700">{t("account.ask.asked", { at: formatDateTime(request.createdAt, language) })}</p>
            {request.note ? <p className="text-sm break-words text-gray-800">{t("account.ask.yourNote", { note: request.note })}</p> : null}
            {request.status === "proposed" ? (
              <>
                <p className="text-sm text-gray-900">
                  {request.pharmacist ? t("account.ask.pharmacistAdded", { name: request.pharmacist.name }) : t("account.ask.added")}{" "}
                  <span lang="en">{request.items.map((item) => `${item.name} × ${item.quantity}`).join(", ")}</span>
                </p>
                {request.message ? (
                  <p className="text-sm break-words text-gray-800">
                    {t("account.ask.pharmacistNote")} <span lang="en">{request.message}</span>
                  </p>
                ) : null}
                <p>
                  <Link to={lp("/checkout")} className="font-semibold text-brand-800 underline">
                    {t("account.ask.checkCart")}
                  </Link>
                </p>
              </>
            ) : null}
            {request.status === "declined" && request.declineReason ? <p className="text-sm break-words text-red-800">
                {t("account.reason")} <span lang="en">{request.declineReason}</span>
              </p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
