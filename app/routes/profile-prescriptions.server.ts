// My prescriptions' server side: the customer's list, and the upload form answered by the same
// use case and reply table as POST /api/prescriptions (decisions/019).
import type { AppLoadContext } from "react-router";
import { PRESCRIPTION_MESSAGES, type PrescriptionJson } from "#common/prescriptions.ts";
import type { Reply } from "#server/replies.ts";
import { listPrescriptions, uploadPrescription } from "#server/modules/prescriptions/prescriptions.ts";
import { prescriptionReply } from "#server/modules/prescriptions/replies.ts";
import type { SavedAddress } from "#common/addresses.ts";
import type { PrescriptionOrderJson } from "#common/prescription-orders.ts";
import { listAddresses } from "#server/modules/addresses/addresses.ts";
import { askForPrescriptionOrder, listOwnPrescriptionOrders } from "#server/modules/pharmacy/prescription-orders.ts";
import { prescriptionOrderReply } from "#server/modules/pharmacy/prescription-order-replies.ts";

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

/** The customer's requests to build an order from a prescription (newest first) and their saved addresses for the form. */
export async function loadMyPrescriptionOrders(context: AppLoadContext, userId: string): Promise<{ requests: PrescriptionOrderJson[]; addresses: SavedAddress[] }> {
  const [requests, addresses] = await Promise.all([listOwnPrescriptionOrders(context.shop.db, userId), listAddresses(context.shop.db, userId)]);
  return { requests, addresses };
}

/** "Ask the pharmacy to build my order": the same use case and reply table as POST /api/prescription-orders. */
export async function askFromForm(context: AppLoadContext, userId: string, form: FormData): Promise<Reply> {
  const text = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : undefined);
  return prescriptionOrderReply.ask(await askForPrescriptionOrder(context.shop.db, userId, { prescriptionId: text("prescriptionId"), addressId: text("addressId"), note: text("note") }));
}
