import type { Request, RequestHandler, Response } from "express";
import { isUtf8 } from "node:buffer";
import { Readable } from "node:stream";
import { HttpError } from "./errors.ts";
import { SAFE_METHODS } from "./same-origin.ts";
import { MAX_CATALOGUE_IMPORT_BYTES } from "#common/catalogue-csv.ts";
import { MAX_PRESCRIPTION_BYTES } from "#common/prescriptions.ts";

/**
 * Input the shop never accepts, wherever it comes: a NUL (PostgreSQL text cannot hold U+0000, so
 * it would fail as a 500 deep in the database), a lone UTF-16 surrogate (not Unicode at all), a
 * percent-escape that does not decode to UTF-8, or raw bytes that are not UTF-8. Each is refused
 * with one clear 400 before any route sees it; the request log writes its one line as usual.
 */
export const MALFORMED_MESSAGE = "The request contains characters that are not allowed";

// In a `u` expression a surrogate pair is one code point; only a lone surrogate is in \p{Cs}.
const FORBIDDEN = /[\u0000\p{Cs}]/u;

/** True when a decoded string holds a NUL or a lone surrogate. */
export function hasForbiddenCharacters(text: string): boolean {
  return FORBIDDEN.test(text);
}

/** True when every percent-escape decodes to UTF-8 and nothing decodes to a forbidden character. */
export function isWellFormedComponent(text: string): boolean {
  if (!text.includes("%")) return !hasForbiddenCharacters(text);
  try {
    return !hasForbiddenCharacters(decodeURIComponent(text));
  } catch {
    return false; // URIError: a truncated escape (%E0%A4%A) or bytes that are not UTF-8
  }
}

/** The URL's path and query, checked before routing (first middleware after the request id). */
export const rejectMalformedUrl: RequestHandler = (req, res, next) => {
  if (isWellFormedComponent(req.url)) return next();
  refuse(req, res);
};

/**
 * A JSON body and query after express.json() has read them (the /api router). Iterative, so deep
 * nesting cannot overflow the stack.
 */
export const rejectMalformedJson: RequestHandler = (req, _res, next) => {
  const pending: unknown[] = [req.body, req.query];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === "string") {
      if (hasForbiddenCharacters(value)) return next(new HttpError(400, MALFORMED_MESSAGE));
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) pending.push(key, item);
    }
  }
  next();
};

/** For express.json's `verify`: bytes that are not UTF-8 would be silently replaced by U+FFFD. */
export function verifyUtf8(_req: unknown, _res: unknown, body: Buffer): void {
  if (!isUtf8(body)) throw new HttpError(400, MALFORMED_MESSAGE);
}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)\b/i;
/** The shop's page forms are a few kilobytes; product images go to /api/upload, not to pages. */
const MAX_FORM_BYTES = 1 << 20;
/** Page forms that carry a file: the profile's prescription upload (≤ 10 MB, decisions/019) and its multipart overhead. */
const FILE_FORM_BYTES: Record<string, number> = {
  "/profile/prescriptions": MAX_PRESCRIPTION_BYTES + (64 << 10),
  // The products page's catalogue CSV import (decisions/033).
  "/admin/products": MAX_CATALOGUE_IMPORT_BYTES + (64 << 10),
};
const formLimit = (path: string) => FILE_FORM_BYTES[path.replace(/\.data$/, "").replace(/\/+$/, "")] ?? MAX_FORM_BYTES;

/**
 * Wraps the React Router handler for writes (form posts to route actions):
 * - React Router reads form bodies itself (`request.formData()` in each action), decoding bad
 *   escapes and bytes to U+FFFD and passing NULs on. A form body is read here (at most 1 MB, else
 *   413), every field name and value checked, and the same bytes handed on, so an action never
 *   sees a field the database would refuse.
 * - React Router refuses an action whose Origin differs from the request's own URL, which it builds
 *   from Host and the protocol; behind a proxy that terminates TLS without `X-Forwarded-Proto` (or
 *   without TRUST_PROXY) every form would fail. A write whose Origin is PUBLIC_URL's comes from the
 *   shop's own pages, so it is handed on as addressed to PUBLIC_URL.
 */
export function checkedPageWrites(render: RequestHandler, publicUrl: string): RequestHandler {
  const own = new URL(publicUrl);
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return render(req, res, next);
    const fromOwnPages = req.headers.origin === own.origin;
    const type = req.headers["content-type"] ?? "";
    if (!FORM_TYPES.test(type)) return render(fromOwnPages ? addressedTo(own, req) : req, res, next);
    readBody(req, formLimit(req.path)).then(
      async (body) => {
        if (body === undefined) return refuse(req, res, 413, "The form is too large.");
        if (!(await isWellFormedForm(body, type))) return refuse(req, res);
        const replayed = replayingBody(req, body);
        render(fromOwnPages ? addressedTo(own, replayed) : replayed, res, next);
      },
      (error: unknown) => next(error),
    );
  };
}

/** The request as React Router's adapter will see it: at PUBLIC_URL's protocol, host and port. */
function addressedTo(own: URL, req: Request): Request {
  const protocol = own.protocol.slice(0, -1);
  return new Proxy(req, {
    get(target, key) {
      if (key === "protocol") return protocol;
      if (key === "hostname") return own.hostname;
      if (key === "get" || key === "header") {
        return (name: string) => {
          const lower = name.toLowerCase();
          return lower === "host" || lower === "x-forwarded-host" ? own.host : target.get(name);
        };
      }
      return Reflect.get(target, key, target) as unknown; // unbound: req.app.bind is Express's BIND route
    },
  });
}

async function isWellFormedForm(body: Buffer, type: string): Promise<boolean> {
  if (/^multipart\//i.test(type)) {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), { headers: { "Content-Type": type } }).formData();
    } catch {
      return true; // not a readable multipart body: the action's own parsing answers it
    }
    for (const [name, value] of form) {
      if (hasForbiddenCharacters(name)) return false;
      const text = typeof value === "string" ? value : value.name;
      if (hasForbiddenCharacters(text)) return false;
    }
    return true;
  }
  if (!isUtf8(body)) return false;
  const text = body.toString("utf8");
  if (/^text\/plain/i.test(type)) return !hasForbiddenCharacters(text);
  return text.split("&").every((pair) => isWellFormedComponent(pair.replaceAll("+", " ")));
}

/** The whole body, or undefined past `limit` bytes (the rest is drained, not kept). */
function readBody(req: Request, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.once("end", () => resolve(size <= limit ? Buffer.concat(chunks) : undefined));
    req.once("error", reject);
  });
}

// What React Router's adapter reads of the request as a stream; everything else stays the request's.
const STREAM_MEMBERS = new Set<PropertyKey>([
  "on",
  "once",
  "off",
  "addListener",
  "removeListener",
  "pause",
  "resume",
  "read",
  "pipe",
  "readable",
  "readableHighWaterMark",
  "destroy",
]);

/** The same request, whose body reads as `body` again. */
function replayingBody(req: Request, body: Buffer): Request {
  const replay = Readable.from(body.length > 0 ? [body] : []);
  return new Proxy(req, {
    get(target, key) {
      if (!STREAM_MEMBERS.has(key)) return Reflect.get(target, key, target) as unknown;
      // Only the replay's own stream methods are bound: `req.app` is a function whose `bind` is
      // Express's route method, so binding every function would register routes instead.
      const value = Reflect.get(replay, key, replay) as unknown;
      return typeof value === "function" ? value.bind(replay) : value;
    },
  });
}

/** One clear 400: JSON with the request id under /api, a small page elsewhere. */
function refuse(req: Request, res: Response, status = 400, message = MALFORMED_MESSAGE): void {
  res.locals.malformedInput = true;
  const requestId = String(req.id);
  res.setHeader("Cache-Control", "no-store");
  if (/^\/api(\/|\?|$)/.test(req.originalUrl)) {
    res.status(status).json({ message, requestId });
    return;
  }
  res
    .status(status)
    .type("html")
    .send(
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>Bad request</title>` +
        `<h1>Bad request</h1><p>${message}</p><p>Please go back and try again. Reference: ${requestId}</p>` +
        `<p><a href="/">Go to the home page</a></p></html>`,
    );
}

declare global {
  namespace Express {
    interface Locals {
      /** Set when this request was refused as malformed: the request log leaves its query out. */
      malformedInput?: boolean;
    }
  }
}
