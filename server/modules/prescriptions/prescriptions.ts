// A customer's prescriptions (api-contract.md, "Prescriptions"; decisions/019): upload, list,
// read one and its file. Who may read: the owner, a pharmacist or an admin (canReadPrescription,
// also for the pharmacist's review pages); everyone else is told "not found".
import { readsAsStaff } from "#common/pharmacist.ts";
import * as z from "zod/mini";
import { desc, eq } from "drizzle-orm";
import type { PrescriptionJson } from "#common/prescriptions.ts";
import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { ID_PATTERN } from "#server/db/ids.ts";
import { prescriptions } from "#server/db/schema.ts";
import { countRequests, type Throttled } from "#server/modules/limits/limiter.ts";
import { fieldErrors } from "#server/schemas/field-errors.ts";
import { prescriptionFieldsSchema } from "#server/schemas/prescriptions.ts";
import { prepareFile, readStoredFile, removeStoredFile, safeFileName, storeFile } from "./files.ts";

export type PrescriptionRow = typeof prescriptions.$inferSelect;

/** Whoever asks: a signed-in user's id and role (customer, pharmacist or admin). */
export interface PrescriptionViewer {
  id: string;
  role: string;
  /** Staff who must set up two-factor first (STAFF_TWO_FACTOR=required) read only their own, as a customer does. */
  twoFactorSetupRequired?: boolean;
}

export interface PrescriptionContext {
  db: Database;
  config: Pick<Config, "dataDir" | "storage" | "rateLimitScale">;
}

/** The one rule of who may see a prescription and its file: its owner, any pharmacist, any admin. */
export function canReadPrescription(viewer: PrescriptionViewer | null | undefined, prescription: Pick<PrescriptionRow, "userId">): boolean {
  if (!viewer) return false;
  if (readsAsStaff(viewer)) return true;
  return prescription.userId !== null && prescription.userId === viewer.id;
}

export function toPrescriptionJson(row: PrescriptionRow): PrescriptionJson {
  return {
    _id: row.id,
    status: row.status,
    fileName: row.fileName,
    contentType: row.contentType,
    patientName: row.patientName,
    doctorName: row.doctorName,
    rejectReason: row.status === "rejected" ? row.rejectReason : null,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What an upload carries: the file's bytes and name as sent, and the form's text fields. */
export interface PrescriptionUpload {
  bytes: Buffer;
  fileName: string;
  fields: Record<string, unknown>;
}

export type UploadPrescriptionResult =
  | { ok: true; prescription: PrescriptionJson }
  | { ok: false; reason: "empty" | "too-large" | "unsupported-type" | "unreadable" }
  | { ok: false; reason: "invalid"; errors: Record<string, string> }
  | Throttled;

/**
 * POST /api/prescriptions and the profile's upload form: the file is checked by its content,
 * stored privately, and recorded as pending. Nothing is left behind when any step refuses or
 * fails: the file is written only after every check, and removed again if the row is not.
 */
export async function uploadPrescription(
  context: PrescriptionContext,
  userId: string,
  upload: PrescriptionUpload,
): Promise<UploadPrescriptionResult> {
  const refused = await countRequests(context, [["prescriptionUploadsPerUser", userId]]);
  if (refused) return refused;
  const fields = z.safeParse(prescriptionFieldsSchema, upload.fields);
  if (!fields.success) return { ok: false, reason: "invalid", errors: fieldErrors(fields.error) };

  const prepared = await prepareFile(upload.bytes, upload.fileName);
  if (!prepared.ok) return prepared;

  const storageKey = await storeFile(context.config, prepared.kind, prepared.data);
  try {
    const [row] = await context.db
      .insert(prescriptions)
      .values({
        userId,
        storageKey,
        fileName: safeFileName(upload.fileName, prepared.kind),
        contentType: prepared.contentType,
        sizeBytes: prepared.data.length,
        patientName: fields.data.patientName,
        doctorName: fields.data.doctorName,
      })
      .returning();
    return { ok: true, prescription: toPrescriptionJson(row!) };
  } catch (error) {
    await removeStoredFile(context.config, storageKey);
    throw error;
  }
}

/** The customer's own prescriptions, newest first. */
export async function listPrescriptions(db: Database, userId: string): Promise<PrescriptionJson[]> {
  const rows = await db
    .select()
    .from(prescriptions)
    .where(eq(prescriptions.userId, userId))
    .orderBy(desc(prescriptions.createdAt), desc(prescriptions.id));
  return rows.map(toPrescriptionJson);
}

/** The row when the viewer may read it; undefined otherwise (unknown and forbidden look alike). */
export async function findReadablePrescription(
  db: Database,
  id: string,
  viewer: PrescriptionViewer | null,
): Promise<PrescriptionRow | undefined> {
  if (!viewer || !ID_PATTERN.test(id)) return undefined;
  const [row] = await db.select().from(prescriptions).where(eq(prescriptions.id, id));
  return row && canReadPrescription(viewer, row) ? row : undefined;
}

export type GetPrescriptionResult = { ok: true; prescription: PrescriptionJson } | { ok: false; reason: "not-found" };

/** GET /api/prescriptions/:id: owner, pharmacist or admin. */
export async function getPrescription(db: Database, id: string, viewer: PrescriptionViewer | null): Promise<GetPrescriptionResult> {
  const row = await findReadablePrescription(db, id, viewer);
  return row ? { ok: true, prescription: toPrescriptionJson(row) } : { ok: false, reason: "not-found" };
}

export interface PrescriptionFile {
  data: Buffer;
  contentType: string;
  fileName: string;
}

/**
 * The headers of a private prescription file, for the API and the pharmacist's pages alike: never
 * stored by any cache, shown inline under a safe name, never sniffed as another type, nothing in
 * it run (a PDF sandboxed: no scripts, no forms, no same-origin), never indexed.
 */
export function prescriptionFileHeaders(file: PrescriptionFile): Record<string, string> {
  // A PDF is kept as uploaded and may carry JavaScript or forms (issue 26): it is a download, never
  // opened by the browser's viewer; a photo was re-encoded by sharp and carries nothing, so it is shown.
  const pdf = file.contentType === "application/pdf";
  return {
    "Cache-Control": "private, no-store",
    "Content-Type": file.contentType,
    "Content-Length": String(file.data.length),
    "Content-Disposition": `${pdf ? "attachment" : "inline"}; filename="${file.fileName.replace(/[^A-Za-z0-9 ._-]/g, "")}"`,
    "X-Content-Type-Options": "nosniff",
    "X-Robots-Tag": "noindex, nofollow",
    "Content-Security-Policy": pdf ? "sandbox; default-src 'none'" : "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  };
}

export type ReadPrescriptionFileResult = { ok: true; file: PrescriptionFile } | { ok: false; reason: "not-found" };

/**
 * GET /api/prescriptions/:id/file and the pharmacist's review page: the stored bytes, their type
 * and a safe file name, when the viewer may read the prescription.
 */
export async function readPrescriptionFile(
  context: PrescriptionContext,
  id: string,
  viewer: PrescriptionViewer | null,
): Promise<ReadPrescriptionFileResult> {
  const row = await findReadablePrescription(context.db, id, viewer);
  if (!row) return { ok: false, reason: "not-found" };
  const data = await readStoredFile(context.config, row.storageKey);
  if (!data) return { ok: false, reason: "not-found" };
  return { ok: true, file: { data, contentType: row.contentType, fileName: row.fileName } };
}
