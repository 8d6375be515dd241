import type { RequestHandler } from "express";
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import type { Logger } from "pino";

declare global {
  namespace Express {
    interface Request {
      /** The request id: a new UUID from this server, never the caller's X-Request-Id. */
      id: string;
      /** A logger whose every line carries the request id. */
      log: Logger;
    }
  }
}

/** A client's X-Request-Id is logged beside ours (cut to 64 characters of a safe alphabet), never used as it. */
const CLIENT_ID_UNSAFE = /[^A-Za-z0-9._:-]/g;
const CLIENT_ID_MAX = 64;
const UNLOGGED = new Set(["/healthz", "/readyz"]);

/**
 * Gives every request an id of the server's own (also sent back as X-Request-Id and put in
 * error bodies) and a logger that stamps it on every line, and logs one line per response:
 * `info`, or `error` for a 5xx. A client's id could collide with another request's or forge log
 * lines, so it is only logged beside ours as `clientRequestId`. The per-request logger is only built when something logs through it, which keeps the
 * cost of a request that logs nothing (the usual case above `info`) to a few property writes.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    // A refused malformed URL is logged by its path only: its query is what was refused.
    const { id, log } = logEachRequest(logger, req, res, () =>
      res.locals.malformedInput ? pathOnly(req.originalUrl) : req.originalUrl,
    );
    req.id = id;
    res.setHeader("X-Request-Id", id);
    Object.defineProperty(req, "log", { get: log, configurable: true });
    next();
  };
}

/**
 * The request log of one request, for the app's middleware above and for answers given before
 * Express (finished-responses.ts): a new request id (the caller sends it as X-Request-Id), a
 * logger for it built on first use, and the one line logged when the response closes.
 */
export function logEachRequest(
  logger: Logger,
  req: IncomingMessage,
  res: ServerResponse,
  loggedUrl: () => string,
  startedAt = performance.now(),
): { id: string; log: () => Logger } {
  const id = randomUUID();
  const clientRequestId = clientId(req.headers["x-request-id"]);
  let child: Logger | undefined;
  const log = () => (child ??= logger.child(clientRequestId ? { requestId: id, clientRequestId } : { requestId: id }));
  if (!UNLOGGED.has(req.url ?? "")) {
    res.once("close", () => {
      const level = res.statusCode >= 500 ? "error" : "info";
      if (!logger.isLevelEnabled(level)) return;
      log()[level](
        {
          req: { method: req.method, url: loggedUrl() },
          res: { statusCode: res.statusCode },
          responseTime: Math.round(performance.now() - startedAt),
          ...(res.writableFinished ? {} : { aborted: true }),
        },
        res.statusCode >= 500 ? "request errored" : "request completed",
      );
    });
  }
  return { id, log };
}

function clientId(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  return value.slice(0, CLIENT_ID_MAX).replace(CLIENT_ID_UNSAFE, "_") || undefined;
}

function pathOnly(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : `${url.slice(0, query)}?[refused]`;
}
