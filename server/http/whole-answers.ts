// A whole JSON answer of 1 to 64 KB compressed at once, on the request's own turn (decisions/069).
// The compression middleware compresses every answer through a zlib stream, whose work runs on
// libuv's thread pool and comes back over several turns of the event loop: for the 1–2 KB answers
// of a checkout (the cart, the order) that cost the server about 1.5 ms of CPU per checkout. Here
// such an answer, ended in one piece (`res.json`, `res.send`), is compressed by zlib's synchronous
// call, with the same rules as the middleware: compressible (JSON), at least its threshold of
// 1 KB, not for HEAD, 204, 304 or `Cache-Control: no-transform`, and the encoding it would
// negotiate (brotli at quality 4, else gzip or deflate). The middleware then finds the answer
// already encoded and passes it on. Anything else (streamed pages, files, larger answers) is left
// to the middleware.
import { brotliCompressSync, constants, deflateSync, gzipSync } from "node:zlib";
import compression from "compression";
import type { Request, RequestHandler, Response } from "express";
import Negotiator from "negotiator";

const THRESHOLD = 1024;
const LARGEST = 64 * 1024;
// As the compression middleware negotiates (compression/index.js).
const SUPPORTED = ["br", "gzip", "deflate", "identity"];
const PREFERRED = ["br", "gzip"];
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

const COMPRESS: Record<string, (body: Buffer) => Buffer> = {
  br: (body) => brotliCompressSync(body, BROTLI),
  gzip: (body) => gzipSync(body),
  deflate: (body) => deflateSync(body),
};

/**
 * The shop's compression: the middleware, and this file's for whole answers installed after it
 * (so its `end` runs first). A client that accepts no compressed encoding has nothing to negotiate
 * (caches still learn that the answer depends on it).
 */
export function compressAnswers(): RequestHandler {
  const compress = compression();
  return (req, res, next) => {
    if (!req.headers["accept-encoding"]) {
      res.vary("Accept-Encoding");
      return next();
    }
    compress(req, res, (error?: unknown) => {
      if (!error) compressWholeAnswers(req, res);
      next(error);
    });
  };
}

function compressWholeAnswers(req: Request, res: Response): void {
  const write = res.write;
  const end = res.end;
  let streamed = false;
  res.write = function (this: Response, ...args: Parameters<Response["write"]>) {
    streamed = true;
    return write.apply(this, args);
  } as Response["write"];
  res.end = function (this: Response, chunk?: unknown, encoding?: unknown, callback?: unknown) {
    const body = !streamed && !res.headersSent ? wholeBody(chunk, encoding) : undefined;
    const method = body && compressible(req, res, body) ? new Negotiator(req).encoding(SUPPORTED, PREFERRED) : undefined;
    if (!body || !method || method === "identity") return end.call(this, chunk as never, encoding as never, callback as never);
    const compressed = COMPRESS[method]!(body);
    res.vary("Accept-Encoding");
    res.setHeader("Content-Encoding", method);
    res.setHeader("Content-Length", compressed.length);
    return end.call(this, compressed, typeof encoding === "function" ? (encoding as never) : (callback as never));
  } as Response["end"];
}

function wholeBody(chunk: unknown, encoding: unknown): Buffer | undefined {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === "string") return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  return undefined;
}

function compressible(req: Request, res: Response, body: Buffer): boolean {
  if (body.length < THRESHOLD || body.length > LARGEST) return false;
  if (req.method === "HEAD" || res.statusCode === 204 || res.statusCode === 304) return false;
  if (!/^application\/json\b/i.test(String(res.getHeader("Content-Type") ?? ""))) return false;
  if (res.getHeader("Content-Encoding")) return false;
  return !/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(res.getHeader("Cache-Control") ?? ""));
}
