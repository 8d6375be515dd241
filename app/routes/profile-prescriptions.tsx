import { FileText, Upload } from "lucide-react";
import { AccountPageTitle } from "~/components/account/account-page-title";
import { useEffect, useRef } from "react";
import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import { MAX_PRESCRIPTION_BYTES, PRESCRIPTION_ACCEPT, PRESCRIPTION_MESSAGES, PRESCRIPTION_NAME_MAX } from "#common/prescriptions.ts";
import { NOINDEX, SUBMIT_CLASS } from "~/components/auth/auth-card";
import { PrescriptionStatus, prescriptionFileUrl } from "~/components/prescriptions/prescription-status";
import { Field } from "~/components/ui/field";
import { formatDateTime } from "#common/dates.ts";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/profile-prescriptions";
import { askFromForm, loadMyPrescriptionOrders, loadMyPrescriptions, uploadPrescriptionFromForm } from "./profile-prescriptions.server";
import { AskPharmacy, FormMessage, MyPrescriptionOrders } from "~/components/prescriptions/prescription-orders";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("My Prescriptions", "Upload your prescriptions and see where our pharmacist's review stands."),
  NOINDEX,
];

const SIGN_IN_FIRST = `/login?${new URLSearchParams({ redirect: "/profile/prescriptions" })}`;

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.user) throw redirect(SIGN_IN_FIRST);
  const [prescriptions, { requests, addresses }] = await Promise.all([
    loadMyPrescriptions(context, context.user.id),
    loadMyPrescriptionOrders(context, context.user.id),
  ]);
  return { prescriptions, requests, addresses };
}

/** The upload form (also without JavaScript): the same checks and answers as POST /api/prescriptions. */
export async function action({ request, context }: Route.ActionArgs) {
  if (!context.user) throw redirect(SIGN_IN_FIRST);
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
  const uploading = navigation.state === "submitting" && navigation.formAction === "/profile/prescriptions" && navigation.formData?.get("intent") !== "ask";
  const formRef = useRef<HTMLFormElement>(null);
  const errors = result?.errors ?? {};

  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);

  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <AccountPageTitle title="My Prescriptions" />
      <p className="mt-2 text-gray-700">
        Prescription medicines are dispensed only against a valid prescription. Upload a clear photo or PDF; our pharmacist
        reviews it with your order before it is packed.
      </p>

      <section aria-labelledby="upload-heading" className="mt-6 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="upload-heading" className="text-xl font-semibold text-gray-900">
          Upload a prescription
        </h2>
        <FormMessage result={result} />
        <Form ref={formRef} method="post" encType="multipart/form-data" className="mt-4 grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <label htmlFor="prescription-file" className="block text-sm font-medium text-gray-800">
              Prescription file<span aria-hidden> *</span>
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
              JPEG, PNG, WebP or PDF, up to {MAX_MB} MB. The doctor's name and registration number, the patient's name, the date
              and each medicine should be readable.
            </p>
            {errors.file ? (
              <p id="prescription-file-error" className="mt-1 text-sm text-red-700">
                {errors.file}
              </p>
            ) : null}
          </div>
          <Field label="Patient's name (optional)" name="patientName" autoComplete="name" maxLength={PRESCRIPTION_NAME_MAX} error={errors.patientName} />
          <Field label="Doctor's name (optional)" name="doctorName" autoComplete="off" maxLength={PRESCRIPTION_NAME_MAX} error={errors.doctorName} />
          <div className="sm:col-span-2">
            <button type="submit" disabled={uploading} className={`${SUBMIT_CLASS} inline-flex items-center justify-center gap-2 sm:w-auto`}>
              <Upload className="h-4 w-4" aria-hidden />
              {uploading ? "Uploading..." : "Upload prescription"}
            </button>
          </div>
        </Form>
      </section>

      <AskPharmacy prescriptions={prescriptions} addresses={addresses} result={answer?.intent === "ask" ? answer : undefined} />

      <section aria-labelledby="list-heading" className="mt-8">
        <h2 id="list-heading" className="text-xl font-semibold text-gray-900">
          Your prescriptions
        </h2>
        <p className="mt-1 text-sm text-gray-700">
          A prescription no order used is deleted six months after you upload it; one you ordered with is kept with that
          order's records.
        </p>
        {prescriptions.length === 0 ? (
          <p className="mt-3 text-gray-700">You have not uploaded any prescriptions yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white">
            {prescriptions.map((prescription) => (
              <li key={prescription._id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
                <div className="flex min-w-0 gap-3">
                  <FileText className="mt-0.5 h-5 w-5 flex-none text-gray-600" aria-hidden />
                  <div className="min-w-0">
                    <p className="font-medium break-words text-gray-900">{prescription.fileName}</p>
                    <p className="text-sm text-gray-700">Uploaded {formatDateTime(prescription.createdAt)}</p>
                    {prescription.patientName ? <p className="text-sm text-gray-700">Patient: {prescription.patientName}</p> : null}
                    {prescription.doctorName ? <p className="text-sm text-gray-700">Doctor: {prescription.doctorName}</p> : null}
                    {prescription.status === "rejected" && prescription.rejectReason ? (
                      <p className="mt-1 text-sm text-red-800">Reason: {prescription.rejectReason}</p>
                    ) : null}
                  </div>
                </div>
                <div className="flex flex-none items-center gap-4 pl-8 sm:pl-0">
                  <PrescriptionStatus status={prescription.status} />
                  <a
                    href={prescriptionFileUrl(prescription._id)}
                    target="_blank"
                    rel="noopener"
                    className="font-medium text-brand-800 underline hover:text-brand-900"
                  >
                    View<span className="sr-only"> {prescription.fileName} (opens in a new tab)</span>
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
