import busboy from "busboy";
import type { Request } from "express";
import type { HttpError } from "./errors.ts";

/** Multipart overhead allowed on top of the file itself when Content-Length is declared. */
const MULTIPART_SLACK = 64 * 1024;
/** Past this many bytes a too-large upload is cut off instead of read to its end. */
const DISCARD_LIMIT = 32 * 1024 * 1024;

/** One uploaded file part and the short text fields asked for. */
export interface MultipartFile {
  bytes: Buffer;
  fileName: string;
  fields: Record<string, string>;
}

/** What one multipart door reads and the refusals it answers with (each a sentence for shoppers). */
export interface MultipartOptions {
  /** The form field holding the file; other file parts are discarded. */
  fileField: string;
  maxFileBytes: number;
  /** Text fields kept (the first value of each); others are ignored. */
  textFields?: readonly string[];
  /** 415: the body is not multipart/form-data. */
  notMultipart: () => HttpError;
  /** 400: the multipart body cannot be parsed. */
  malformed: () => HttpError;
  /** 413: the file is over maxFileBytes (these errors should carry `Connection: close`). */
  tooLarge: () => HttpError;
  /** 400: no file part in the field (or the upload was aborted). */
  noFile: () => HttpError;
}

/**
 * Reads the one file part of a multipart request (every upload door: product images,
 * prescriptions, the serviceability CSV). A declared body far over the limit is refused before
 * parsing; otherwise the request streams through busboy, keeping at most `maxFileBytes` of the file
 * (past that the rest is discarded as it arrives, never buffered, and the answer is 413), and past
 * DISCARD_LIMIT the upload is cut off. An empty file part is returned as it is: the caller decides.
 */
export async function readMultipartFile(req: Request, options: MultipartOptions): Promise<MultipartFile> {
  if (!req.is("multipart/form-data")) throw options.notMultipart();
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > options.maxFileBytes + MULTIPART_SLACK) {
    // Browsers show a connection error rather than the answer when the server stops reading
    // mid-upload, so a moderately large body is read (and discarded) before the 413.
    if (declared <= DISCARD_LIMIT) await discardBody(req);
    throw options.tooLarge();
  }
  return parseFilePart(req, options);
}

function parseFilePart(req: Request, options: MultipartOptions): Promise<MultipartFile> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fileSize: options.maxFileBytes, fields: 20, fieldSize: 1024, parts: 30, headerPairs: 50 },
        defParamCharset: "utf8",
      });
    } catch {
      reject(options.malformed());
      return;
    }

    const wanted = new Set(options.textFields ?? []);
    const fields: Record<string, string> = {};
    let file: { bytes: Buffer; fileName: string } | undefined;
    let failure: HttpError | undefined;
    let pending: Promise<void> = Promise.resolve();

    parser.on("field", (name, value) => {
      if (wanted.has(name) && fields[name] === undefined) fields[name] = value;
    });
    parser.on("file", (field, stream, info) => {
      if (field !== options.fileField || file || failure) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      pending = new Promise<void>((done) => {
        stream.on("data", (chunk: Buffer) => {
          if (!failure) chunks.push(chunk);
        });
        stream.on("limit", () => {
          failure = options.tooLarge();
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
      failure ??= options.malformed();
      req.unpipe(parser);
      req.resume();
      reject(failure);
    });
    parser.on("close", () => {
      void pending.then(() => {
        if (failure) reject(failure);
        else if (!file) reject(options.noFile());
        else resolve({ ...file, fields });
      });
    });
    req.on("aborted", () => reject(options.noFile()));
    // Past the file limit busboy discards what arrives; past this one the upload is cut off.
    let received = 0;
    let cutOff = false;
    req.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > DISCARD_LIMIT && !cutOff) {
        cutOff = true;
        failure = options.tooLarge();
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
