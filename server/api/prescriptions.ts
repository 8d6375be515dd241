import busboy from "busboy";
import { Router, type Request, type Response } from "express";
import { MAX_PRESCRIPTION_BYTES, PRESCRIPTION_MESSAGES } from "#common/prescriptions.ts";
import type { ShopContext } from "#server/context.ts";
import { HttpError, replyError } from "#server/http/errors.ts";
import {
  getPrescription,
  listPrescriptions,
  prescriptionFileHeaders,
  readPrescriptionFile,
  uploadPrescription,
  type PrescriptionFile,
  type PrescriptionUpload,
} from "#server/modules/prescriptions/prescriptions.ts";
import { PRESCRIPTION_NOT_FOUND_REPLY, PRESCRIPTION_SIGN_IN_REPLY, prescriptionReply } from "#server/modules/prescriptions/replies.ts";

/** Multipart overhead allowed on top of the file when Content-Length is declared. */
const MULTIPART_SLACK = 64 * 1024;
/** Past this many bytes a too-large upload is cut off instead of read to its end. */
const DISCARD_LIMIT = 32 * 1024 * 1024;

/**
 * POST /api/prescriptions, GET /api/prescriptions, GET /:id and GET /:id/file (api-contract.md,
 * "Prescriptions"). Every answer is personal: `private, no-store`. Reading another customer's
 * prescription is a 404, like an unknown one; signed out, reads are 404 too (nothing revealed).
 */
export function prescriptionsRouter(shop: ShopContext) {
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "private, no-store");
    next();
  });

  router.post("/", async (req, res) => {
    const user = await req.sessionUser();
    if (!user) throw replyError(PRESCRIPTION_SIGN_IN_REPLY);
    if (!req.is("multipart/form-data")) throw new HttpError(415, PRESCRIPTION_MESSAGES.notMultipart);
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > MAX_PRESCRIPTION_BYTES + MULTIPART_SLACK) {
      // Browsers show a connection error rather than the answer when the server stops reading mid-upload.
      if (declared <= DISCARD_LIMIT) await discardBody(req);
      throw replyError({ ...prescriptionReply.upload({ ok: false, reason: "too-large" }), headers: { Connection: "close" } });
    }
    const upload = await readPrescriptionPart(req);
    const result = await uploadPrescription(shop, user.id, upload);
    const reply = prescriptionReply.upload(result);
    if (!result.ok) throw replyError(reply);
    req.log.info({ prescriptionId: result.prescription._id, bytes: upload.bytes.length }, "prescription uploaded");
    res.status(reply.status).json(result.prescription);
  });

  router.get("/", async (req, res) => {
    const user = await req.sessionUser();
    if (!user) throw replyError(PRESCRIPTION_SIGN_IN_REPLY);
    res.json(await listPrescriptions(shop.db, user.id));
  });

  router.get("/:id", async (req, res) => {
    const result = await getPrescription(shop.db, req.params.id, await req.sessionUser());
    if (!result.ok) throw replyError(prescriptionReply.get(result));
    res.json(result.prescription);
  });

  router.get("/:id/file", async (req, res) => {
    const result = await readPrescriptionFile(shop, req.params.id, await req.sessionUser());
    if (!result.ok) throw replyError(PRESCRIPTION_NOT_FOUND_REPLY);
    sendPrescriptionFile(res, result.file);
  });

  return router;
}

/** Sends a private prescription file with the headers every door uses (prescriptionFileHeaders). */
export function sendPrescriptionFile(res: Response, file: PrescriptionFile): void {
  for (const [name, value] of Object.entries(prescriptionFileHeaders(file))) res.setHeader(name, value);
  res.status(200).end(file.data);
}

/**
 * Streams the request through busboy: the `file` part (at most MAX_PRESCRIPTION_BYTES; past that
 * the rest is discarded as it arrives and the answer is 413) and the short text fields.
 */
function readPrescriptionPart(req: Request): Promise<PrescriptionUpload> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fileSize: MAX_PRESCRIPTION_BYTES, fields: 10, fieldSize: 1024, parts: 20, headerPairs: 50 },
        defParamCharset: "utf8",
      });
    } catch {
      reject(new HttpError(400, PRESCRIPTION_MESSAGES.notMultipart));
      return;
    }
    const tooLarge = () => replyError({ ...prescriptionReply.upload({ ok: false, reason: "too-large" }), headers: { Connection: "close" } });

    const fields: Record<string, unknown> = {};
    let file: { bytes: Buffer; fileName: string } | undefined;
    let failure: HttpError | undefined;
    let pending: Promise<void> = Promise.resolve();

    parser.on("field", (name, value) => {
      if ((name === "patientName" || name === "doctorName") && fields[name] === undefined) fields[name] = value;
    });
    parser.on("file", (field, stream, info) => {
      if (field !== "file" || file || failure) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      pending = new Promise<void>((done) => {
        stream.on("data", (chunk: Buffer) => {
          if (!failure) chunks.push(chunk);
        });
        stream.on("limit", () => {
          failure = tooLarge();
          chunks.length = 0;
        });
        stream.on("end", () => {
          if (!failure) file = { bytes: Buffer.concat(chunks), fileName: info.filename ?? "" };
          done();
        });
        stream.on("error", () => done());
      });
    });
    parser.on("error", () => {
      failure ??= new HttpError(400, PRESCRIPTION_MESSAGES.notMultipart);
      req.unpipe(parser);
      req.resume();
      reject(failure);
    });
    parser.on("close", () => {
      void pending.then(() => {
        if (failure) reject(failure);
        else if (!file) reject(new HttpError(400, PRESCRIPTION_MESSAGES.noFile, { file: PRESCRIPTION_MESSAGES.noFile }));
        else resolve({ ...file, fields });
      });
    });
    req.on("aborted", () => reject(new HttpError(400, PRESCRIPTION_MESSAGES.noFile)));
    let received = 0;
    let cutOff = false;
    req.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > DISCARD_LIMIT && !cutOff) {
        cutOff = true;
        failure = tooLarge();
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
