import busboy from "busboy";
import { Router, type Request } from "express";
import type { ShopContext } from "#server/context.ts";
import { HttpError, replyError } from "#server/http/errors.ts";
import { UPLOAD_MESSAGES, uploadProductImage } from "#server/modules/admin/images.ts";
import { adminReply } from "#server/modules/admin/replies.ts";
import { MAX_UPLOAD_BYTES } from "#server/modules/uploads/images.ts";
import { requireAdmin } from "./admin/require-admin.ts";

/** Multipart overhead allowed on top of the image itself when Content-Length is declared. */
const MULTIPART_SLACK = 64 * 1024;
/** Past this many bytes a too-large upload is cut off instead of read to its end. */
const DISCARD_LIMIT = 32 * 1024 * 1024;

/** POST /api/upload (admins only): one image in the multipart field `image` → 201 `{ imageUrl }`. */
export function uploadRouter(shop: ShopContext) {
  const router = Router();

  router.post("/", requireAdmin, async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (!req.is("multipart/form-data")) throw new HttpError(415, UPLOAD_MESSAGES.notMultipart);
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES + MULTIPART_SLACK) {
      // Browsers show a connection error rather than the answer when the server stops reading
      // mid-upload, so a moderately large body is read (and discarded) before the 413.
      if (declared <= DISCARD_LIMIT) await discardBody(req);
      throw new HttpError(413, UPLOAD_MESSAGES.tooLarge, undefined, { Connection: "close" });
    }

    // The transport's refusals above (not multipart, too large, no image) are this handler's;
    // what the image itself is worth is the admin module's (uploadProductImage and its reply).
    const stored = await uploadProductImage(shop, await readImagePart(req));
    const reply = adminReply.uploadImage(stored);
    if (!stored.ok) throw replyError(reply);
    req.log.info({ imageUrl: stored.imageUrl, bytes: stored.bytes }, "image uploaded");
    res.status(reply.status).json({ imageUrl: stored.imageUrl });
  });

  return router;
}

/**
 * Streams the request through busboy and keeps the `image` file part, at most MAX_UPLOAD_BYTES
 * of it: past that the rest is discarded as it arrives (never buffered) and the answer is 413.
 */
function readImagePart(req: Request): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 20, fieldSize: 1024, parts: 30, headerPairs: 50 },
      });
    } catch {
      reject(new HttpError(400, UPLOAD_MESSAGES.notMultipart));
      return;
    }

    let image: Buffer | undefined;
    let failure: HttpError | undefined;
    let pending: Promise<void> = Promise.resolve();

    parser.on("file", (field, stream) => {
      if (field !== "image" || image || failure) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      pending = new Promise<void>((done) => {
        stream.on("data", (chunk: Buffer) => {
          if (!failure) chunks.push(chunk);
        });
        stream.on("limit", () => {
          failure = new HttpError(413, UPLOAD_MESSAGES.tooLarge, undefined, { Connection: "close" });
          chunks.length = 0;
        });
        stream.on("end", () => {
          if (!failure) image = Buffer.concat(chunks);
          done();
        });
        stream.on("error", () => done());
      });
    });
    parser.on("error", () => {
      failure ??= new HttpError(400, UPLOAD_MESSAGES.notMultipart);
      req.unpipe(parser);
      req.resume();
      reject(failure);
    });
    parser.on("close", () => {
      void pending.then(() => {
        if (failure) reject(failure);
        else if (!image || image.length === 0) reject(new HttpError(400, UPLOAD_MESSAGES.noImage));
        else resolve(image);
      });
    });
    req.on("aborted", () => reject(new HttpError(400, UPLOAD_MESSAGES.noImage)));
    // Past the image limit busboy discards what arrives; past this one the upload is cut off.
    let received = 0;
    let cutOff = false;
    req.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > DISCARD_LIMIT && !cutOff) {
        cutOff = true;
        failure = new HttpError(413, UPLOAD_MESSAGES.tooLarge, undefined, { Connection: "close" });
        req.unpipe(parser);
        req.pause();
        reject(failure);
      }
    });
    req.pipe(parser);
  });
}

/** Reads a request body to its end without keeping any of it. */
function discardBody(req: Request): Promise<void> {
  return new Promise((resolve) => {
    req.on("end", resolve);
    req.on("error", () => resolve());
    req.on("close", resolve);
    req.resume();
  });
}
