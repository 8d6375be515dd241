import type { RequestHandler } from "express";
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { Logger } from "pino";

declare global {
  namespace Express {
    interface Request {
      /** The request id: the caller's well-formed X-Request-Id, else a new UUID. */
      id: string;
      /** A logger whose every line carries the request id. */
      log: Logger;
    }
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;
const UNLOGGED = new Set(["/healthz", "/readyz"]);

/**
 * Gives every request an id (also sent back as X-Request-Id and put in error bodies) and a
 * logger that stamps it on every line, and logs one line per response: `info`, or `error` for
 * a 5xx. The per-request logger is only built when something logs through it, which keeps the
 * cost of a request that logs nothing (the usual case above `info`) to a few property writes.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const startedAt = performance.now();
    const incoming = req.headers["x-request-id"];
    const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader("X-Request-Id", id);
    let child: Logger | undefined;
    Object.defineProperty(req, "log", {
      get: () => (child ??= logger.child({ requestId: id })),
      configurable: true,
    });
    if (!UNLOGGED.has(req.url)) {
      res.once("close", () => {
        const level = res.statusCode >= 500 ? "error" : "info";
        if (!logger.isLevelEnabled(level)) return;
        req.log[level](
          {
            req: { method: req.method, url: req.originalUrl },
            res: { statusCode: res.statusCode },
            responseTime: Math.round(performance.now() - startedAt),
            ...(res.writableFinished ? {} : { aborted: true }),
          },
          res.statusCode >= 500 ? "request errored" : "request completed",
        );
      });
    }
    next();
  };
}
