import { FileText, Upload } from "lucide-react";
import { AccountPageTitle } from "~/components/account/account-page-title";
import { useEffect, useRef } from "react";
import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import { MAX_PRESCRIPTION_BYTES, PRESCRIPTION_ACCEPT, PRESCRIPTION_MESSAGES, PRESCRIPTION_NAME_MAX } from "#common/prescriptions.ts";
import { NOINDEX, SUBMIT_CLASS } from "~/components/auth/auth-card";
import { prescriptionFileUrl } from "~/components/prescriptions/prescription-status";
import { Field } from "~/components/ui/field";
import { formatDateTime } from "#common/dates.ts";
import { localePath, metaTranslator, useLanguage, useLocalePath, useT } from "~/lib/i18n";
import { requestLanguage } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { useReplyErrors, useReplyText } from "~/lib/api-sentences";
import { accountPageTexts } from "~/lib/api-sentences.server";
import type { PrescriptionJson } from "#common/prescriptions.ts";
import type { Route } from "./+types/profile-prescriptions";
import { askFromForm, loadMyPrescriptionOrders, loadMyPrescriptions, uploadPrescriptionFromForm } from "./profile-prescriptions.server";
import { AskPharmacy, FormMessage, MyPrescriptionOrders } from "~/components/prescriptions/prescription-orders";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const t = metaTranslator(location, matches);
  return [...pageMeta(t("account.prescriptions.title"), t("account.prescriptions.metaDescription")), NOINDEX];
};

/** The login in the page's language, coming back here after it. */
function signInFirst(request: Request): string {
  const language = requestLanguage(request);
  return `${localePath("/login", language)}?${new URLSearchParams({ redirect: localePath("/profile/prescriptions", language) })}`;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.user) throw redirect(signInFirst(request));
  const [prescriptions, { requests, addresses }] = await Promise.all([
    loadMyPrescriptions(context, context.user.id),
    loadMyPrescriptionOrders(context, context.user.id),
  ]);
  return { prescriptions, requests, addresses, ...accountPageTexts(request, "account", "auth") };
}

/** The upload form (also without JavaScript): the same checks and answers as POST /api/prescriptions. */
export async function action({ request, context }: Route.ActionArgs) {
  if (!context.user) throw redirect(signInFirst(request));
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ ok: false, intent: "upload", message: PRESCRIPTION_MESSAGES.notMultipart, errors: {} as Record<string, string> }, { status: 400 });
  }
  // Two forms post here: the upload, and "Ask the pharmacy to build my order" (intent "ask").
  const intent = form.get("intent") === "ask" ? "ask" : "upload";
  const reply = intent === "ask" ? await askFromForm(context, context.user.id, form) : await uploadPrescriptionFromForm(context, context.user.id, form);
  const ok = reply.status < 300;
  return data({ ok, intent, message: reply.message, errors: reply.errors ?? {} }, { status: reply.status, headers: reply.headers });
}

const MAX_MB = MAX_PRESCRIPTION_BYTES / (1024 * 1024);

export default function ProfilePrescriptions({ loaderData }: Route.ComponentProps) {
  const { prescriptions, requests, addresses } = loaderData;
  const answer = useActionData<typeof action>();
  const result = answer?.intent === "upload" ? answer : undefined;
  const navigation = useNavigation();
  const t = useT();
  const lp = useLocalePath();
  const language = useLanguage();
  const text = useReplyText();
  const uploading = navigation.state === "submitting" && navigation.formAction === lp("/profile/prescriptions") && navigation.formData?.get("intent") !== "ask";
  const formRef = useRef<HTMLFormElement>(null);
  const errors = useReplyErrors()(result?.errors ?? {});

  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);

  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <AccountPageTitle title={t("account.prescriptions.title")} />
      <p className="mt-2 text-gray-700">{t("account.prescriptions.intro")}</p>

      <section aria-labelledby="upload-heading" className="mt-6 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="upload-heading" className="text-xl font-semibold text-gray-900">
          {t("account.prescriptions.upload")}
        </h2>
        <FormMessage result={result && { ...result, message: text(result.message) }} />
        <Form ref={formRef} method="post" encType="multipart/form-data" className="mt-4 grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <label htmlFor="prescription-file" className="block text-sm font-medium text-gray-800">
              {t("account.prescriptions.file")}<span aria-hidden> *</span>
            </label>
            <input
              id="prescription-file"
              name="file"
              type="file"
              required
              accept={PRESCRIPTION_ACCEPT}
              aria-describedby={errors.file ? "prescription-file-help prescription-file-error" : "prescription-file-help"}
              aria-invalid={errors.file ? true : undefined}
              className="mt-1 block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-base text-gray-900 file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:font-semibold file:text-brand-800"
            />
            <p id="prescription-file-help" className="mt-1 text-sm text-gray-700">
              {t("account.prescriptions.fileHelp", { mb: MAX_MB })}
            </p>
            {errors.file ? (
              <p id="prescription-file-error" className="mt-1 text-sm text-red-700">
                {errors.file}
              </p>
            ) : null}
          </div>
          <Field label={t("account.prescriptions.patientOptional")} name="patientName" autoComplete="name" maxLength={PRESCRIPTION_NAME_MAX} error={errors.patientName} />
          <Field label={t("account.prescriptions.doctorOptional")} name="doctorName" autoComplete="off" maxLength={PRESCRIPTION_NAME_MAX} error={errors.doctorName} />
          <div className="sm:col-span-2">
            <button type="submit" disabled={uploading} className={`${SUBMIT_CLASS} inline-flex items-center justify-center gap-2 sm:w-auto`}>
              <Upload className="h-4 w-4" aria-hidden />
              {uploading ? t("account.prescriptions.uploading") : t("account.prescriptions.submit")}
            </button>
          </div>
        </Form>
      </section>

      <AskPharmacy prescriptions={prescriptions} addresses={addresses} result={answer?.intent === "ask" ? { ...answer, message: text(answer.message) } : undefined} />

      <section aria-labelledby="list-heading" className="mt-8">
        <h2 id="list-heading" className="text-xl font-semibold text-gray-900">
          {t("account.prescriptions.yours")}
        </h2>
        <p className="mt-1 text-sm text-gray-700">{t("account.prescriptions.kept")}</p>
        {prescriptions.length === 0 ? (
          <p className="mt-3 text-gray-700">{t("account.prescriptions.none")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white">
            {prescriptions.map((prescription) => (
              <li key={prescription._id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
                <div className="flex min-w-0 gap-3">
                  <FileText className="mt-0.5 h-5 w-5 flex-none text-gray-600" aria-hidden />
                  <div className="min-w-0">
                    <p className="font-medium break-words text-gray-900">{prescription.fileName}</p>
                    <p className="text-sm text-gray-700">{t("account.prescriptions.uploaded", { at: formatDateTime(prescription.createdAt, language) })}</p>
                    {prescription.patientName ? <p className="text-sm text-gray-700">{t("account.prescriptions.patient", { name: prescription.patientName })}</p> : null}
                    {prescription.doctorName ? <p className="text-sm text-gray-700">{t("account.prescriptions.doctor", { name: prescription.doctorName })}</p> : null}
                    {prescription.status === "rejected" && prescription.rejectReason ? (
                      <p className="mt-1 text-sm text-red-800">
                        {t("account.reason")} <span lang="en">{prescription.rejectReason}</span>
                      </p>
                    ) : null}
                  </div>
                </div>
                <div className="flex flex-none items-center gap-4 pl-8 sm:pl-0">
                  <ReviewState status={prescription.status} />
                  <a
                    href={prescriptionFileUrl(prescription._id)}
                    target="_blank"
                    rel="noopener"
                    className="font-medium text-brand-800 underline hover:text-brand-900"
                  >
                    {t("account.prescriptions.view")}<span className="sr-only"> {t("account.prescriptions.viewHidden", { name: prescription.fileName })}</span>
                  </a>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <MyPrescriptionOrders requests={requests} prescriptions={prescriptions} />
    </main>
  );
}

const TONE: Record<PrescriptionJson["status"], string> = {
  pending: "border-amber-300 bg-amber-50 text-amber-900",
  approved: "border-green-300 bg-green-50 text-green-900",
  rejected: "border-red-300 bg-red-50 text-red-900",
};
const REVIEW_STATES: Record<PrescriptionJson["status"], string> = {
  pending: "account.prescriptions.pending",
  approved: "account.prescriptions.approved",
  rejected: "account.prescriptions.rejected",
};

/** A prescription's review state in the customer's words and the page's language: Pending review, Approved, Rejected. */
function ReviewState({ status }: { status: PrescriptionJson["status"] }) {
  const t = useT();
  return (
    <span className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ${TONE[status]}`}>
      {t(REVIEW_STATES[status])}
    </span>
  );
}
