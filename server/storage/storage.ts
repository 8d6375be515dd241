// The one way to uploaded files (decisions/035): product images (public, immutable) and
// prescriptions (private) are objects under a key such as `uploads/<name>.webp` or
// `prescriptions/<name>.pdf`, kept on the local disk under DATA_DIR (the default: the same paths
// as before, so existing data keeps working) or in an S3-compatible bucket when S3_BUCKET is set.
// Nothing else reads or writes those files.
import type { Config } from "#server/config.ts";
import { createLocalStorage } from "./local.ts";
import type { ObjectStorage } from "./object-storage.ts";
import { createS3Storage } from "./s3.ts";

/** What chooses and places the store: DATA_DIR for the local disk, the S3_* variables for a bucket. */
export type StorageConfig = Pick<Config, "dataDir" | "storage">;

const stores = new WeakMap<StorageConfig["storage"], ObjectStorage>();

/** The store a configuration names, built once per configuration (the S3 client is reused). */
export function storageFor(config: StorageConfig): ObjectStorage {
  let store = stores.get(config.storage);
  if (!store) {
    store = config.storage.kind === "s3" ? createS3Storage(config.storage) : createLocalStorage(config.dataDir);
    stores.set(config.storage, store);
  }
  return store;
}
