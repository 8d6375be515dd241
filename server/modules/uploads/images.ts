// Admins' product images: checked by their bytes (never by name or declared type), decoded and
// re-encoded with sharp (which drops metadata such as GPS positions and anything hidden after
// the image data), bounded in size, and stored under DATA_DIR/uploads with a random name. The
// image route (server/images.ts) serves them at /images/uploads/... with resizing and caching.
import { randomBytes } from "node:crypto";
import { mkdir, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { OutputInfo } from "sharp";

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Stored images fit in this square; larger ones are scaled down (the shop shows at most 1200 px). */
export const MAX_STORED_DIMENSION = 2400;
/** Decoding refuses images with more pixels than this (a small file can claim enormous dimensions). */
const MAX_INPUT_PIXELS = 50_000_000;

export type UploadFormat = "jpeg" | "png" | "webp" | "avif";

/** The format the first bytes announce: JPEG, PNG, WebP or AVIF; null for anything else. */
export function sniffImageFormat(bytes: Uint8Array): UploadFormat | null {
  const ascii = (start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString("latin1");
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (bytes.length >= 16 && ascii(4, 8) === "ftyp") {
    // ISO base media: the major brand, then compatible brands up to the end of the ftyp box.
    const boxSize = Math.min(bytes.length, new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0), 64);
    for (let offset = 8; offset + 4 <= boxSize; offset += 4) {
      if (offset === 12) continue; // the minor version
      const brand = ascii(offset, offset + 4);
      if (brand === "avif" || brand === "avis") return "avif";
    }
  }
  return null;
}

export type StoreImageResult =
  | { ok: true; imageUrl: string; width: number; height: number; bytes: number }
  | { ok: false; reason: "unsupported-type" | "unreadable" };

/**
 * Checks that `bytes` are a JPEG, PNG, WebP or AVIF image that decodes, re-encodes it as WebP
 * (upright, at most MAX_STORED_DIMENSION px a side, no metadata) and stores it under
 * `dataDir/uploads`. Returns the URL the image route serves it at.
 */
export async function storeUploadedImage(dataDir: string, bytes: Buffer): Promise<StoreImageResult> {
  const sniffed = sniffImageFormat(bytes);
  if (!sniffed) return { ok: false, reason: "unsupported-type" };
  return oneAtATime(() => reencodeAndStore(dataDir, bytes, sniffed));
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Decoding a large photo takes a few hundred megabytes and a whole core for a moment; uploads
 * are rare, so a process re-encodes one at a time and the shop keeps serving meanwhile.
 */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const result = queue.then(work, work);
  queue = result.catch(() => {});
  return result;
}

async function reencodeAndStore(dataDir: string, bytes: Buffer, sniffed: UploadFormat): Promise<StoreImageResult> {
  // Loaded on first use, like the image route does, to keep sharp off the start-up path.
  const { default: sharp } = await import("sharp");
  let output: { data: Buffer; info: OutputInfo };
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const decoded = metadata.format === "heif" ? (metadata.compression === "av1" ? "avif" : null) : metadata.format;
    if (decoded !== sniffed) return { ok: false, reason: "unsupported-type" };
    output = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", autoOrient: true })
      .resize({ width: MAX_STORED_DIMENSION, height: MAX_STORED_DIMENSION, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    // Truncated or corrupt data, or more pixels than allowed.
    return { ok: false, reason: "unreadable" };
  }

  const directory = path.resolve(dataDir, "uploads");
  const name = `${randomBytes(16).toString("hex")}.webp`;
  const file = path.join(directory, name);
  const temporary = `${file}.${process.pid}.tmp`;
  await mkdir(directory, { recursive: true });
  try {
    // Written aside and renamed, so the image route never serves half a file.
    await writeFile(temporary, output.data, { flag: "wx" });
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw error;
  }
  return {
    ok: true,
    imageUrl: `/images/uploads/${name}`,
    width: output.info.width,
    height: output.info.height,
    bytes: output.data.length,
  };
}
