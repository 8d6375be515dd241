// My prescriptions' server side: the customer's list, and the upload form answered by the same
// use case and reply table as POST /api/prescriptions (decisions/019).
import type { AppLoadContext } from "react-router";
import { PRESCRIPTION_MESSAGES, type PrescriptionJson } from "#common/prescriptions.ts";
import type { Reply } from "#server/replies.ts";
import { listPrescriptions, uploadPrescription } from "#server/modules/prescriptions/prescriptions.ts";
import { prescriptionReply } from "#server/modules/prescriptions/replies.ts";

/** The signed-in customer's prescriptions, newest first. */
export function loadMyPrescriptions(context: AppLoadContext, userId: string): Promise<PrescriptionJson[]> {
  return listPrescriptions(context.shop.db, userId);
}

/** The upload form's file and names, checked and stored as the API does it. */
export async function uploadPrescriptionFromForm(context: AppLoadContext, userId: string, form: FormData): Promise<Reply> {
  const file = form.get("file");
  const fields = { patientName: form.get("patientName") ?? undefined, doctorName: form.get("doctorName") ?? undefined };
  if (!(file instanceof File) || (file.size === 0 && file.name === "")) {
    return { status: 400, message: PRESCRIPTION_MESSAGES.noFile, errors: { file: PRESCRIPTION_MESSAGES.noFile } };
  }
  const bytes = Buffer.from(await file.arrayBuffer());
  return prescriptionReply.upload(await uploadPrescription(context.shop, userId, { bytes, fileName: file.name, fields }));
}
