import { Router, type Response } from "express";
import { MAX_PRESCRIPTION_BYTES, PRESCRIPTION_MESSAGES } from "#common/prescriptions.ts";
import type { ShopContext } from "#server/context.ts";
import { HttpError, replyError } from "#server/http/errors.ts";
import { type MultipartOptions, readMultipartFile } from "#server/http/multipart.ts";
import {
  getPrescription,
  listPrescriptions,
  prescriptionFileHeaders,
  readPrescriptionFile,
  uploadPrescription,
  type PrescriptionFile,
} from "#server/modules/prescriptions/prescriptions.ts";
import { PRESCRIPTION_NOT_FOUND_REPLY, PRESCRIPTION_SIGN_IN_REPLY, prescriptionReply } from "#server/modules/prescriptions/replies.ts";

/** The prescription part: the `file` and its short text fields, its size limit and the refusals. */
const PRESCRIPTION_PART: MultipartOptions = {
  fileField: "file",
  maxFileBytes: MAX_PRESCRIPTION_BYTES,
  textFields: ["patientName", "doctorName"],
  notMultipart: () => new HttpError(415, PRESCRIPTION_MESSAGES.notMultipart),
  malformed: () => new HttpError(400, PRESCRIPTION_MESSAGES.notMultipart),
  tooLarge: () => replyError({ ...prescriptionReply.upload({ ok: false, reason: "too-large" }), headers: { Connection: "close" } }),
  noFile: () => new HttpError(400, PRESCRIPTION_MESSAGES.noFile, { file: PRESCRIPTION_MESSAGES.noFile }),
};

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
    const upload = await readMultipartFile(req, PRESCRIPTION_PART);
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
