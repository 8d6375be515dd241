// Objects of the store (decisions/035): their keys, visibility and the interface both stores implement.
import type { Readable } from "node:stream";

/** Public objects are served by the shop's image route; private ones only through an authorised route. Neither is ever a public URL of the store. */
export type Visibility = "public" | "private";

export interface PutOptions {
  contentType: string;
  visibility: Visibility;
}

export interface ObjectInfo {
  key: string;
  size: number;
  /** When the object was written (local: the file's modification time). */
  modifiedMs: number;
}

export interface ObjectStorage {
  readonly kind: "local" | "s3";
  /** Where objects live, for logs and the copy command's report (a directory or s3://bucket/prefix). */
  readonly location: string;
  /** Writes an object whole; a reader never sees half of it. */
  put(key: string, bytes: Buffer, options: PutOptions): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** The object as a stream, or null when there is none. */
  stream(key: string): Promise<Readable | null>;
  /** Size and time of an object, or null when there is none. */
  stat(key: string): Promise<ObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Removes an object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (e.g. "uploads/"), in no particular order. */
  list(prefix: string): AsyncIterable<ObjectInfo>;
}

/** The top-level folders of the store, each with its visibility. */
export const STORE_AREAS = { uploads: "public", prescriptions: "private" } as const satisfies Record<string, Visibility>;
export type StoreArea = keyof typeof STORE_AREAS;

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** True for a key of plain segments ("uploads/ab12.webp"): no "..", no hidden names, no empty segments, at most 512 characters. */
export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  const segments = key.split("/");
  return segments.length >= 2 && segments.every((segment) => SEGMENT.test(segment) && !segment.endsWith(".tmp"));
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/** The visibility a key's area gives it (the first segment); anything unknown is private. */
export function visibilityOf(key: string): Visibility {
  const area = key.split("/", 1)[0] as StoreArea;
  return STORE_AREAS[area] ?? "private";
}

