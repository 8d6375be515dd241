// Public catalogue reads answered from memory before Express (issue 20 item 1, decisions/040).
//
// An anonymous catalogue GET (`/api/products`, a product, facets, new arrivals, similar...) is
// the same bytes for every caller while the products are unchanged. The first such request goes
// the whole way through the app; its route marks the answer as keepable at the products version
// it read (`res.locals.keepAnswerAt`), and the bytes that leave the app (after compression), its
// status and its headers are kept. The next request with the same URL and Accept-Encoding, while
// that version is current, is answered from memory before Express builds anything: the headers
// are those the app's own middleware wrote for the first request, with this request's request id
// and CSP nonce in place of the first one's, and it is logged and counted as the app does it
// (logEachRequest, countRequest). No header is written here that the app did not write.
import type { IncomingMessage, ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import type { RequestHandler, Response } from "express";
import type { Logger } from "pino";
import type { DatabaseHandle } from "#server/db/client.ts";
import { keptPerProductsVersion, productsVersionOf } from "#server/modules/catalog/catalogue-cache.ts";
import { nextNonce } from "./csp.ts";
import { languageOfUrl } from "./language.ts";
import { countRequest, routeLabel } from "./metrics.ts";
import { collectSent, cutOut, fillIn } from "./answer-again.ts";
import { logEachRequest } from "./request-log.ts";

declare global {
  namespace Express {
    interface Locals {
      /**
       * Set by a route whose answer is the same for every anonymous caller while the products
       * version it read before computing it is current (server/api/products.ts).
       */
      keepAnswerAt?: number;
    }
  }
}

/**
 * Answers kept, by URL, Accept-Encoding and the language the request asks for (`?lang=` or
 * Accept-Language, decisions/063), within 16 MB (a body and its headers); the least
 * recently used goes first.
 */
const KEPT_ANSWERS = {
  entries: 1_000,
  bytes: 16 << 20,
  sizeOf: (answer: FinishedResponse) => answer.body.length + 2 * answer.headers.reduce((sum, text) => sum + text.length, 0),
};
/** A catalogue page of 100 products is about 200 KB unencoded. */
const MAX_ANSWER_BYTES = 512 << 10;
/** Browsers send short Accept-Encoding values; a long one is answered the ordinary way. */
const MAX_ENCODING_LENGTH = 100;
/** Headers the server writes afresh for every response (Node adds Date; the length is the kept body's). */
const NOT_KEPT = new Set(["date", "content-length", "transfer-encoding", "connection", "keep-alive"]);

interface FinishedResponse {
  /** Flat [name, value, name, value...] as the app sent them, with the body's Content-Length. */
  headers: string[];
  /** Header values that carried the first request's nonce or request id: where they sit and their text around it. */
  fills: { at: number; parts: string[]; gaps: boolean[] }[];
  body: Buffer;
  /** The route pattern the app counted the first request under (metrics). */
  route: string;
}

export interface FinishedResponses {
  /**
   * Answers the request from memory when a finished answer for it is kept and current; returns
   * false when it did not and will not (the caller hands the request to the app). On PostgreSQL
   * the current version is read first: the request is then answered, or handed to `otherwise`.
   */
  answer(req: IncomingMessage, res: ServerResponse, otherwise: () => void): boolean;
  /** App middleware before compression: keeps the finished answer of a request its route marked keepable. */
  record: RequestHandler;
}

export function finishedResponses(database: DatabaseHandle, logger: Logger): FinishedResponses {
  const kept = keptPerProductsVersion<FinishedResponse>(database, KEPT_ANSWERS);
  const currentVersion = productsVersionOf(database);

  /** `startedAt`: when the request arrived (on PostgreSQL the version read came in between). */
  const replay = (req: IncomingMessage, res: ServerResponse, answer: FinishedResponse, startedAt: number) => {
    const { id } = logEachRequest(logger, req, res, () => req.url ?? "", startedAt);
    const headers = answer.headers.slice();
    if (answer.fills.length > 0) {
      const nonce = nextNonce();
      for (const { at, parts, gaps } of answer.fills) headers[at] = fillIn(parts, gaps, nonce, id).join("");
    }
    res.once("finish", () => countRequest("GET", answer.route, 200, startedAt));
    res.writeHead(200, headers);
    res.end(answer.body);
  };

  return {
    answer(req, res, otherwise) {
      const key = keyOf(req);
      if (key === undefined || !kept.has(key)) return false;
      const startedAt = performance.now();
      const version = currentVersion();
      if (!(version instanceof Promise)) {
        const answer = kept.get(key, version);
        if (!answer) return false;
        replay(req, res, answer, startedAt);
        return true;
      }
      version.then(
        (current) => {
          const answer = kept.get(key, current);
          if (answer) replay(req, res, answer, startedAt);
          else otherwise();
        },
        () => otherwise(),
      );
      return true;
    },

    record(req, res, next) {
      const key = keyOf(req);
      if (key === undefined) return next();
      // Only what a marked route sends is collected: the mark is set before the first byte.
      const marked = () => res.locals.keepAnswerAt !== undefined;
      collectSent(
        res,
        MAX_ANSWER_BYTES,
        (body) => {
          const version = res.locals.keepAnswerAt;
          if (body && version !== undefined && isKeepable(res)) {
            kept.keep(key, version, finished(res, body, String(req.id), routeLabel(req)));
          }
        },
        marked,
      );
      next();
    },
  };
}

/**
 * The key of an anonymous, unconditional GET: its Accept-Encoding, language and URL; undefined for
 * any other request (and for a `lang` naming no language, which is refused).
 */
function keyOf(req: IncomingMessage): string | undefined {
  const { headers } = req;
  if (req.method !== "GET" || headers.cookie || headers.authorization || headers["if-none-match"]) return undefined;
  const encoding = headers["accept-encoding"] ?? "";
  if (encoding.length > MAX_ENCODING_LENGTH) return undefined;
  const language = languageOfUrl(req.url ?? "", headers["accept-language"]);
  if (language === undefined) return undefined;
  return `${encoding} ${language} ${req.url}`;
}

function isKeepable(res: Response): boolean {
  return res.statusCode === 200 && !res.hasHeader("set-cookie");
}

function finished(res: Response, body: Buffer, requestId: string, route: string): FinishedResponse {
  const headers: string[] = [];
  const fills: FinishedResponse["fills"] = [];
  // Node's own method (not in Express's types): the names in the case they were written.
  for (const name of (res as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
    if (NOT_KEPT.has(name.toLowerCase())) continue;
    const value = res.getHeader(name);
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(", ") : String(value);
    const { parts, gaps } = cutOut(text, res.locals.cspNonce ?? "", requestId);
    if (gaps.length > 0) fills.push({ at: headers.length + 1, parts, gaps });
    headers.push(name, text);
  }
  headers.push("Content-Length", String(body.length));
  return { headers, fills, body, route };
}
