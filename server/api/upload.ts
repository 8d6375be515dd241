import { Router } from "express";
import type { ShopContext } from "#server/context.ts";
import { HttpError, replyError } from "#server/http/errors.ts";
import { type MultipartOptions, readMultipartFile } from "#server/http/multipart.ts";
import { MAX_UPLOAD_BYTES } from "#server/modules/uploads/images.ts";
import { uploadProductImage } from "#server/modules/uploads/product-image.ts";
import { UPLOAD_MESSAGES, uploadReply } from "#server/modules/uploads/replies.ts";
import { requireAdmin } from "./admin/require-admin.ts";

/** The image part: its field, its size limit and the transport's refusals. */
const IMAGE_PART: MultipartOptions = {
  fileField: "image",
  maxFileBytes: MAX_UPLOAD_BYTES,
  notMultipart: () => new HttpError(415, UPLOAD_MESSAGES.notMultipart),
  malformed: () => new HttpError(400, UPLOAD_MESSAGES.notMultipart),
  tooLarge: () => new HttpError(413, UPLOAD_MESSAGES.tooLarge, undefined, { Connection: "close" }),
  noFile: () => new HttpError(400, UPLOAD_MESSAGES.noImage),
};

/** POST /api/upload (admins only): one image in the multipart field `image` → 201 `{ imageUrl }`. */
export function uploadRouter(shop: ShopContext) {
  const router = Router();

  router.post("/", requireAdmin, async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    // The transport's refusals (not multipart, too large, no image) are this handler's; what the
    // image itself is worth is the uploads module's (uploadProductImage and its reply).
    const { bytes } = await readMultipartFile(req, IMAGE_PART);
    if (bytes.length === 0) throw IMAGE_PART.noFile();
    const stored = await uploadProductImage(shop, bytes);
    const reply = uploadReply.uploadImage(stored);
    if (!stored.ok) throw replyError(reply);
    req.log.info({ imageUrl: stored.imageUrl, bytes: stored.bytes }, "image uploaded");
    res.status(reply.status).json({ imageUrl: stored.imageUrl });
  });

  return router;
}
