// `npm run storage:copy-to-s3`: every object of one store copied into another (the local disk
// into a bucket, when a shop moves to S3). Idempotent: an object already there with the same size
// is skipped, so the command can be run again after a failure or just before switching over.
import path from "node:path";
import { STORE_AREAS, visibilityOf, type ObjectInfo, type ObjectStorage } from "./object-storage.ts";

const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".avif": "image/avif",
  ".svg": "image/svg+xml",
  ".pdf": "application/pdf",
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream";
}

export interface CopyReport {
  copied: number;
  skipped: number;
  failed: { key: string; error: string }[];
  bytes: number;
}

/** Copies every object of the store's areas (uploads/, prescriptions/) from `from` to `to`, `parallel` at a time. */
export async function copyStore(
  from: ObjectStorage,
  to: ObjectStorage,
  { parallel = 8, onObject }: { parallel?: number; onObject?: (key: string, outcome: "copied" | "skipped" | "failed") => void } = {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, failed: [], bytes: 0 };
  const objects: ObjectInfo[] = [];
  for (const area of Object.keys(STORE_AREAS)) for await (const object of from.list(`${area}/`)) objects.push(object);

  async function copyOne(object: ObjectInfo) {
    try {
      const there = await to.stat(object.key);
      if (there && there.size === object.size) {
        report.skipped++;
        onObject?.(object.key, "skipped");
        return;
      }
      const bytes = await from.get(object.key);
      if (!bytes) throw new Error("gone from the source while copying");
      await to.put(object.key, bytes, { contentType: contentTypeOf(object.key), visibility: visibilityOf(object.key) });
      const written = await to.stat(object.key);
      if (written?.size !== bytes.length) throw new Error(`the copy holds ${written?.size ?? "no"} bytes instead of ${bytes.length}`);
      report.copied++;
      report.bytes += bytes.length;
      onObject?.(object.key, "copied");
    } catch (error) {
      report.failed.push({ key: object.key, error: error instanceof Error ? error.message : String(error) });
      onObject?.(object.key, "failed");
    }
  }

  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, parallel) }, async () => {
      while (next < objects.length) await copyOne(objects[next++]!);
    }),
  );
  return report;
}
