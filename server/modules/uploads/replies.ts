import { ok, refusal, refused, type Reply } from "#server/replies.ts";
import type { StoreImageResult } from "./images.ts";

/** What POST /api/upload says: the transport's refusals (its handler's) and the image's own. */
export const UPLOAD_MESSAGES = {
  notMultipart: "Send the image as multipart/form-data in the field 'image'",
  noImage: "Please choose an image to upload",
  tooLarge: "The image is too large (5 MB at most)",
  unsupported: "Only JPEG, PNG, WebP and AVIF images can be uploaded",
  unreadable: "The image could not be read; it may be damaged",
  uploaded: "Image uploaded",
} as const;

/** The uploads module's one table from an upload's result to its status and sentence. */
export const uploadReply = {
  uploadImage(result: StoreImageResult): Reply {
    if (result.ok) return ok(UPLOAD_MESSAGES.uploaded, 201);
    return refusal(result, { "unsupported-type": refused(415, UPLOAD_MESSAGES.unsupported), unreadable: refused(400, UPLOAD_MESSAGES.unreadable) });
  },
};
