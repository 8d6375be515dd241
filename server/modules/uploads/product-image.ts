import type { ShopContext } from "#server/context.ts";
import { removeUnusedUploads, storeUploadedImage, type StoreImageResult } from "./images.ts";

/** Unused uploads are looked for after an upload, at most this often per shop. */
const CLEANUP_INTERVAL_MS = 6 * 60 * 60 * 1000;
const lastCleanup = new WeakMap<object, number>();

type UploadShop = Pick<ShopContext, "db" | "config" | "logger">;

/**
 * POST /api/upload: an admin's product image, its bytes already read from the request, checked
 * by content and stored as WebP (images.ts). Now and then unused uploads are removed.
 */
export async function uploadProductImage(shop: UploadShop, bytes: Buffer): Promise<StoreImageResult> {
  const stored = await storeUploadedImage(shop.config, bytes);
  if (stored.ok) tidyUploads(shop);
  return stored;
}

/** Uploads are rare, so tidying up after one costs nothing noticeable and needs no timer. */
function tidyUploads(shop: UploadShop) {
  if (Date.now() - (lastCleanup.get(shop) ?? 0) < CLEANUP_INTERVAL_MS) return;
  lastCleanup.set(shop, Date.now());
  removeUnusedUploads(shop.db, shop.config).then(
    (removed) => {
      if (removed.length > 0) shop.logger.info({ removed }, "unused uploads removed");
    },
    (error: unknown) => shop.logger.warn({ err: error }, "unused uploads could not be removed"),
  );
}
