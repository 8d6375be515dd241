import { FileText, Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import {
  MAX_PRESCRIPTION_BYTES,
  MAX_PRESCRIPTIONS_PER_ORDER,
  PRESCRIPTION_ACCEPT,
  PRESCRIPTION_MESSAGES,
  type PrescriptionJson,
} from "#common/prescriptions.ts";
import { PrescriptionStatus, prescriptionFileUrl } from "~/components/prescriptions/prescription-status";
import { ConsultDoctorLink } from "~/components/prescriptions/consult-link";
import { useOrderApiText } from "~/lib/api-sentences";
import { useLocalePath, useT } from "~/lib/i18n";

const NETWORK_ERROR = "We couldn't reach the shop. Please check your connection and try again.";

/** Uploads one file to POST /api/prescriptions (the same call and checks as the profile's form). */
async function uploadPrescriptionFile(file: File): Promise<{ ok: true; prescription: PrescriptionJson } | { ok: false; message: string }> {
  if (file.size > MAX_PRESCRIPTION_BYTES) return { ok: false, message: PRESCRIPTION_MESSAGES.tooLarge };
  const body = new FormData();
  body.append("file", file);
  let response: Response;
  try {
    response = await fetch("/api/prescriptions", { method: "POST", body, credentials: "same-origin", headers: { Accept: "application/json" } });
  } catch {
    return { ok: false, message: NETWORK_ERROR };
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) return { ok: false, message: typeof data?.message === "string" ? data.message : "Something went wrong" };
  return { ok: true, prescription: data as PrescriptionJson };
}

/**
 * The checkout's prescription step, shown when the cart holds prescription-only medicines: what
 * is needed and why, the customer's usable prescriptions to tick, and an upload right here.
 * Without JavaScript the page cannot pay at all; the link to My Prescriptions still works.
 */
export function PrescriptionStep({
  productNames,
  prescriptions,
  selected,
  onSelect,
  onUploaded,
  error,
  consultUrl = null,
  proposedIds = [],
}: {
  /** Prescriptions a pharmacist built the cart from (decisions/058). */
  proposedIds?: string[];
  /** A partner's doctor consultation (CONSULT_URL), linked for a shopper without a prescription; null: no link. */
  consultUrl?: string | null;
  /** The Rx products in the cart. */
  productNames: string[];
  /** The customer's prescriptions that are not rejected, newest first. */
  prescriptions: PrescriptionJson[];
  selected: string[];
  onSelect: (ids: string[]) => void;
  onUploaded: (prescription: PrescriptionJson) => void;
  error?: string;
}) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadMessage, setUploadMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const t = useT();
  const apiText = useOrderApiText();
  const lp = useLocalePath();

  const toggle = (prescriptionId: string, checked: boolean) =>
    onSelect(checked ? [...selected, prescriptionId].slice(-MAX_PRESCRIPTIONS_PER_ORDER) : selected.filter((one) => one !== prescriptionId));

  async function upload() {
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setUploadMessage({ ok: false, text: PRESCRIPTION_MESSAGES.noFile });
      fileRef.current?.focus();
      return;
    }
    setUploading(true);
    setUploadMessage(null);
    const result = await uploadPrescriptionFile(file);
    setUploading(false);
    if (!result.ok) {
      setUploadMessage({ ok: false, text: result.message });
      return;
    }
    if (fileRef.current) fileRef.current.value = "";
    onUploaded(result.prescription);
    setUploadMessage({ ok: true, text: t("checkout.rxAttached") });
  }

  return (
    <fieldset aria-describedby={`${id}-note`} className="space-y-4 rounded-lg border border-red-200 bg-red-50/40 p-4">
      <legend className="px-1 text-lg font-semibold text-gray-900">{t("checkout.rx")}</legend>
      <p id={`${id}-note`} className="text-gray-800">
        {t("checkout.rxNote")} {t("checkout.rxNeededFor")} <strong lang="en">{productNames.join(", ")}</strong>.
      </p>
      <ConsultDoctorLink url={consultUrl} className="text-gray-800" />
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-800">
          {apiText(error)}
        </p>
      ) : null}

      {prescriptions.length > 0 ? (
        <div>
          <p className="text-sm font-medium text-gray-800">{t("checkout.rxAttachOne")}</p>
          <ul className="mt-2 space-y-2">
            {prescriptions.map((prescription) => (
              <li key={prescription._id} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-gray-200 bg-white p-3">
                <input
                  id={`${id}-${prescription._id}`}
                  type="checkbox"
                  name="prescriptionIds"
                  value={prescription._id}
                  checked={selected.includes(prescription._id)}
                  onChange={(event) => toggle(prescription._id, event.target.checked)}
                  aria-invalid={error ? true : undefined}
                  className="h-4 w-4 accent-brand-700"
                />
                <label htmlFor={`${id}-${prescription._id}`} className="flex min-w-0 flex-1 items-center gap-2 text-gray-900">
                  <FileText className="h-4 w-4 flex-none text-gray-600" aria-hidden />
                  <span lang="en" className="min-w-0 break-all">
                    {prescription.fileName}
                  </span>
                </label>
                {proposedIds.includes(prescription._id) ? (
                  <span className="w-full pl-7 text-sm text-green-900">{t("checkout.rxProposed")}</span>
                ) : null}
                <span className="flex w-full items-center gap-3 pl-7 sm:w-auto sm:pl-0">
                  <PrescriptionStatus status={prescription.status} label={t(`orders.rxStatus.${prescription.status}`)} />
                  <a href={prescriptionFileUrl(prescription._id)} target="_blank" rel="noopener" className="text-sm font-medium text-brand-800 underline">
                    {t("checkout.rxView")}
                    <span className="sr-only">{t("checkout.rxViewSr", { name: prescription.fileName })}</span>
                  </a>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div>
        <label htmlFor={`${id}-file`} className="block text-sm font-medium text-gray-800">
          {t(prescriptions.length > 0 ? "checkout.rxOrUpload" : "checkout.rxUploadYours")}
        </label>
        <div className="mt-1 flex flex-col gap-2 sm:flex-row sm:items-center">
          <input
            ref={fileRef}
            id={`${id}-file`}
            type="file"
            accept={PRESCRIPTION_ACCEPT}
            aria-describedby={`${id}-file-help`}
            className="block w-full min-w-0 rounded-md border border-gray-400 bg-white px-3 py-2 text-base text-gray-900"
          />
          <button
            type="button"
            onClick={() => void upload()}
            aria-disabled={uploading}
            className="inline-flex flex-none items-center justify-center gap-2 rounded-md border border-brand-700 bg-white px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50 aria-disabled:cursor-wait aria-disabled:opacity-70"
          >
            <Upload className="h-4 w-4" aria-hidden />
            {t(uploading ? "checkout.rxUploading" : "checkout.rxUpload")}
          </button>
        </div>
        <p id={`${id}-file-help`} className="mt-1 text-sm text-gray-700">
          {t("checkout.rxHelp", { size: MAX_PRESCRIPTION_BYTES / (1024 * 1024) })}
          <Link to={lp("/profile/prescriptions")} className="font-medium text-brand-800 underline">
            {t("checkout.rxMine")}
          </Link>
          .
        </p>
        <p role="status" className={`mt-1 text-sm ${uploadMessage?.ok ? "text-green-800" : "text-red-800"}`}>
          {apiText(uploadMessage?.text)}
        </p>
      </div>
    </fieldset>
  );
}

/**
 * The checkout's prescription state: none for a cart without prescription-only lines; else the
 * step to show, the ids the shopper ticked (none at first: an old prescription may have nothing
 * to do with this cart; one uploaded here is ticked) and, while none is ticked, the sentence the
 * API would answer.
 */
export function usePrescriptionChoice(
  summary: { lines: { name: string; prescriptionRequired: boolean }[] },
  initial: PrescriptionJson[],
  consultUrl: string | null = null,
  proposedIds: string[] = [],
): { step: React.ReactNode; ids: string[]; problem?: string } | undefined {
  const productNames = summary.lines.filter((line) => line.prescriptionRequired).map((line) => line.name);
  const [prescriptions, setPrescriptions] = useState(initial);
  // Nothing is ticked until the shopper chooses (an older prescription may be for someone or something
  // else), except those a pharmacist built the cart from (decisions/058).
  const [selected, setSelected] = useState<string[]>(() => proposedIds.slice(0, MAX_PRESCRIPTIONS_PER_ORDER));
  if (productNames.length === 0) return undefined;
  const problem = selected.length === 0 ? PRESCRIPTION_MESSAGES.required(productNames) : undefined;
  const step = (
    <PrescriptionStep
      productNames={productNames}
      prescriptions={prescriptions}
      selected={selected}
      onSelect={setSelected}
      onUploaded={(prescription) => {
        setPrescriptions((current) => [prescription, ...current]);
        setSelected((current) => [...current, prescription._id].slice(-MAX_PRESCRIPTIONS_PER_ORDER));
      }}
      error={problem}
      consultUrl={consultUrl}
      proposedIds={proposedIds}
    />
  );
  return { step, ids: selected, problem };
}
