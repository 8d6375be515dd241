// Admins' product images: checked by their bytes (never by name or declared type), decoded and
// re-encoded with sharp (which drops metadata such as GPS positions and anything hidden after
// the image data), bounded in size, and stored as public objects `uploads/<random>.webp` in the
// shop's store (server/storage: DATA_DIR/uploads or the S3 bucket). The image route
// (server/images.ts) serves them at /images/uploads/... with resizing and caching.
import { randomBytes } from "node:crypto";
import { like, sql } from "drizzle-orm";
import type { OutputInfo } from "sharp";
import type { Database } from "#server/db/client.ts";
import { orderLines, products } from "#server/db/schema.ts";
import { storageFor, type StorageConfig } from "#server/storage/storage.ts";

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
 * the store as `uploads/<name>.webp`. Returns the URL the image route serves it at.
 */
export async function storeUploadedImage(config: StorageConfig, bytes: Buffer): Promise<StoreImageResult> {
  const sniffed = sniffImageFormat(bytes);
  if (!sniffed) return { ok: false, reason: "unsupported-type" };
  return oneAtATime(() => reencodeAndStore(config, bytes, sniffed));
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

async function reencodeAndStore(config: StorageConfig, bytes: Buffer, sniffed: UploadFormat): Promise<StoreImageResult> {
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

  const name = `${randomBytes(16).toString("hex")}.webp`;
  // Written whole (the image route never serves half a file); the name is never reused.
  await storageFor(config).put(`uploads/${name}`, output.data, { contentType: "image/webp", visibility: "public" });
  return {
    ok: true,
    imageUrl: `/images/uploads/${name}`,
    width: output.info.width,
    height: output.info.height,
    bytes: output.data.length,
  };
}

const UPLOAD_NAME = /^[0-9a-f]{32}\.webp$/;
export const UNUSED_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes uploads that no product shows and no order line remembers, once they are older than
 * the grace period (an admin may upload and save the product much later). Returns their names.
 */
export async function removeUnusedUploads(
  db: Database,
  config: StorageConfig,
  { graceMs = UNUSED_UPLOAD_GRACE_MS, now = Date.now() }: { graceMs?: number; now?: number } = {},
): Promise<string[]> {
  const store = storageFor(config);
  const old: string[] = [];
  for await (const object of store.list("uploads/")) {
    const name = object.key.slice("uploads/".length);
    if (UPLOAD_NAME.test(name) && object.modifiedMs < now - graceMs) old.push(name);
  }
  if (old.length === 0) return [];

  const prefix = "/images/uploads/";
  const [inProducts, inOrders] = await Promise.all([
    db.execute<{ url: string }>(
      sql`select distinct image ->> 'url' as url from ${products}, jsonb_array_elements(${products.images}) as image where image ->> 'url' like ${`${prefix}%`}`,
    ),
    db.selectDistinct({ url: orderLines.image }).from(orderLines).where(like(orderLines.image, `${prefix}%`)),
  ]);
  const used = new Set<string>();
  for (const row of inProducts.rows) used.add(row.url.slice(prefix.length).split("?")[0]!);
  for (const row of inOrders) if (row.url) used.add(row.url.slice(prefix.length).split("?")[0]!);

  const removed: string[] = [];
  for (const name of old) {
    if (used.has(name)) continue;
    await store.delete(`uploads/${name}`).then(
      () => removed.push(name),
      () => {},
    );
  }
  return removed;
}
