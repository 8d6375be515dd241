// Prescription files (decisions/019): recognised by their bytes, never by name or declared type;
// photos decoded and re-encoded with sharp (metadata such as GPS positions dropped, anything
// hidden after the image data gone), PDFs checked to be PDFs; stored as PRIVATE objects
// `prescriptions/<random>.<ext>` in the shop's store (server/storage: DATA_DIR/prescriptions, mode
// 0600, or the S3 bucket), which no static or image route serves.
import { randomBytes } from "node:crypto";
import path from "node:path";
import type { OutputInfo } from "sharp";
import { MAX_PRESCRIPTION_BYTES, type PrescriptionContentType } from "#common/prescriptions.ts";
import { sniffImageFormat } from "#server/modules/uploads/images.ts";
import { storageFor, type StorageConfig } from "#server/storage/storage.ts";

export type PrescriptionKind = "jpeg" | "png" | "webp" | "pdf";

export const CONTENT_TYPES: Record<PrescriptionKind, PrescriptionContentType> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  pdf: "application/pdf",
};

const EXTENSIONS: Record<PrescriptionKind, string> = { jpeg: "jpg", png: "png", webp: "webp", pdf: "pdf" };

/** "%%EOF" must appear within this many bytes of the end (writers may add a little after it). */
const PDF_TAIL_BYTES = 1024;

/** True for bytes that look like a complete PDF: the header first and an end-of-file marker near the end. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  if (bytes.length < 16) return false;
  const head = Buffer.from(bytes.subarray(0, 5)).toString("latin1");
  if (head !== "%PDF-") return false;
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - PDF_TAIL_BYTES))).toString("latin1");
  return tail.includes("%%EOF");
}

/** What the bytes are: a JPEG, PNG or WebP photo, a PDF, or null for anything else (AVIF included). */
export function sniffPrescription(bytes: Uint8Array): PrescriptionKind | null {
  if (bytes.length >= 5 && Buffer.from(bytes.subarray(0, 5)).toString("latin1") === "%PDF-") return looksLikePdf(bytes) ? "pdf" : null;
  const image = sniffImageFormat(bytes);
  return image === "jpeg" || image === "png" || image === "webp" ? image : null;
}

/**
 * Whether a file's name agrees with its content: a name ending in .pdf must hold a PDF and a
 * photo's extension must hold a photo (phones mix up .jpg and .png, so any photo extension will
 * do for any photo). Names without a known extension are judged by content alone.
 */
export function nameAgrees(fileName: string, kind: PrescriptionKind): boolean {
  const extension = path.extname(fileName).toLowerCase();
  if (extension === ".pdf") return kind === "pdf";
  if ([".jpg", ".jpeg", ".png", ".webp"].includes(extension)) return kind !== "pdf";
  return true;
}

/** A name that is safe in a header and a file listing: letters, digits, spaces, dots, dashes; the right extension. */
export function safeFileName(original: string, kind: PrescriptionKind): string {
  const base = path
    .basename(original.replaceAll("\\", "/"))
    .replace(/\.[^.]*$/, "")
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9 ._-]+/g, "")
    .replace(/\s+/g, " ")
    .replace(/^[ .]+|[ .]+$/g, "")
    .slice(0, 80);
  return `${base || "prescription"}.${EXTENSIONS[kind]}`;
}

/** Photos are kept up to this many pixels a side (a prescription must stay readable). */
const MAX_STORED_DIMENSION = 4000;
const MAX_INPUT_PIXELS = 60_000_000;

export type PreparedFile =
  | { ok: true; kind: PrescriptionKind; contentType: PrescriptionContentType; data: Buffer }
  | { ok: false; reason: "empty" | "too-large" | "unsupported-type" | "unreadable" };

/** Checks a file by its content and prepares what is stored: a re-encoded photo or the PDF as sent. */
export async function prepareFile(bytes: Buffer, fileName: string): Promise<PreparedFile> {
  if (bytes.length === 0) return { ok: false, reason: "empty" };
  if (bytes.length > MAX_PRESCRIPTION_BYTES) return { ok: false, reason: "too-large" };
  const kind = sniffPrescription(bytes);
  if (!kind || !nameAgrees(fileName, kind)) return { ok: false, reason: "unsupported-type" };
  if (kind === "pdf") return { ok: true, kind, contentType: CONTENT_TYPES.pdf, data: bytes };
  const data = await reencode(bytes, kind);
  return data ? { ok: true, kind, contentType: CONTENT_TYPES[kind], data } : { ok: false, reason: "unreadable" };
}

/** The photo decoded (as what its bytes announce) and encoded again in its own format, upright and without metadata. */
async function reencode(bytes: Buffer, kind: Exclude<PrescriptionKind, "pdf">): Promise<Buffer | null> {
  const { default: sharp } = await import("sharp");
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (metadata.format !== kind) return null;
    const pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", autoOrient: true }).resize({
      width: MAX_STORED_DIMENSION,
      height: MAX_STORED_DIMENSION,
      fit: "inside",
      withoutEnlargement: true,
    });
    const encoded: { data: Buffer; info: OutputInfo } =
      kind === "jpeg"
        ? await pipeline.jpeg({ quality: 88, mozjpeg: true }).toBuffer({ resolveWithObject: true })
        : kind === "png"
          ? await pipeline.png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true })
          : await pipeline.webp({ quality: 88 }).toBuffer({ resolveWithObject: true });
    return encoded.data;
  } catch {
    return null; // truncated, corrupt, or more pixels than allowed
  }
}

const STORAGE_KEY = /^[0-9a-f]{32}\.(jpg|png|webp|pdf)$/;

/** Writes a prepared file under a random name as a private object; returns its storage key (the name). */
export async function storeFile(config: StorageConfig, kind: PrescriptionKind, data: Buffer): Promise<string> {
  const key = `${randomBytes(16).toString("hex")}.${EXTENSIONS[kind]}`;
  await storageFor(config).put(`prescriptions/${key}`, data, { contentType: CONTENT_TYPES[kind], visibility: "private" });
  return key;
}

/** The stored bytes of a key, or null when the key is malformed or the file is gone. */
export async function readStoredFile(config: StorageConfig, key: string): Promise<Buffer | null> {
  if (!STORAGE_KEY.test(key)) return null;
  return storageFor(config).get(`prescriptions/${key}`);
}

/** Deletes a stored file for good (the sweep of unused uploads): a missing file is not an error, a failing store is. */
export async function deleteStoredFile(config: StorageConfig, key: string): Promise<void> {
  if (!STORAGE_KEY.test(key)) return;
  await storageFor(config).delete(`prescriptions/${key}`);
}

/** Removes a stored file (a failed upload's) if it can: nothing to report to the uploader either way. */
export async function removeStoredFile(config: StorageConfig, key: string): Promise<void> {
  await deleteStoredFile(config, key).catch(() => {});
}
