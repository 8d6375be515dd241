import type { IncomingMessage, ServerResponse } from "node:http";
import express, { type ErrorRequestHandler, type Request, type RequestHandler } from "express";
import helmet from "helmet";
import { fromNodeHeaders } from "better-auth/node";
import { apiRouter } from "./api/index.ts";
import type { SessionUser } from "./auth.ts";
import { isLanguage } from "#common/language.ts";
import { readSession, sessionToken } from "./session-read.ts";
import { twoFactorSetupRequired } from "./modules/users/two-factor.ts";
import type { ShopContext } from "./context.ts";
import { authDoor } from "./http/auth-door.ts";
import { contentSecurityPolicy } from "./http/csp.ts";
import { finishedResponses } from "./http/finished-responses.ts";
import { HttpError } from "./http/errors.ts";
import { countUnhandledError, metricsHandler, requestMetrics } from "./http/metrics.ts";
import { pageCache } from "./http/page-cache.ts";
import { privateNoStore } from "./http/private-no-store.ts";
import { checkedPageWrites, rejectMalformedUrl } from "./http/reject-malformed.ts";
import { requestLogging } from "./http/request-log.ts";
import { imageRouter } from "./images.ts";
import { compressAnswers } from "./http/whole-answers.ts";

declare global {
  namespace Express {
    interface Request {
      /** The signed-in user (bearer token or session cookie), resolved once per request. */
      sessionUser(): Promise<SessionUser | null>;
    }
  }
}

export interface AppOptions {
  /** Vite's dev server is in front (hot reload needs eval and a websocket); never for a built shop. */
  viteDev?: boolean;
  /** The React Router request handler, mounted after the API (absent in API-only tests). */
  webHandler?: RequestHandler;
  /** Extra middleware before the web handler (Vite's dev middleware). */
  beforeWeb?: RequestHandler[];
  /** The built client's files (server.mjs), first: no request log, metrics or security headers. */
  staticFiles?: RequestHandler;
}

export function createApp(shop: ShopContext, options: AppOptions = {}) {
  const { config, logger } = shop;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);

  if (options.staticFiles) app.use(options.staticFiles);
  // First: a request's time and status are counted whatever answers it (GET /metrics, decisions/034).
  app.use(requestMetrics);
  app.use(requestLogging(logger));
  app.use(rejectMalformedUrl);
  app.use(privateNoStore);
  app.use(contentSecurityPolicy(config, options.viteDev ?? false));
  app.use(
    helmet({
      contentSecurityPolicy: false,
      // Not "no-referrer": with it Chrome sends `Origin: null` on plain form posts and
      // React Router's same-origin check rejects every form submitted without JavaScript.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: config.publicUrl.startsWith("https://"),
      crossOriginEmbedderPolicy: false,
      // The same as the CSP's frame-ancestors 'none', for browsers that only read this header.
      xFrameOptions: { action: "deny" },
    }),
  );
  // Anonymous catalogue reads are kept as they leave the app, compressed (decisions/040).
  const finished = finishedResponses(shop.database, logger);
  app.use(finished.record);
  app.use(compressAnswers());

  app.use((req, _res, next) => {
    let pending: Promise<SessionUser | null> | undefined;
    req.sessionUser = () => (pending ??= resolveSessionUser(shop, req));
    next();
  });

  app.get("/healthz", (_req, res) => {
    res.json({ ok: true });
  });
  // Not ready while the database is unreachable, too slow to answer, or not yet migrated to this
  // build's migrations (another process is applying them: they commit together, at the end).
  app.get("/readyz", async (_req, res) => {
    const ready = await readiness(shop);
    res.status(ready ? 200 : 503).json({ ok: ready });
  });
  app.get("/metrics", metricsHandler(shop));

  // Resized, format-negotiated, immutable images; before the web handler (and static files in server.mjs).
  app.use("/images", imageRouter(shop));

  // Better Auth's own HTTP endpoints: deny by default, a JSON 404 before any body is read (decisions/011).
  app.use("/api/auth", authDoor(shop));

  app.use("/api", apiRouter(shop));

  for (const middleware of options.beforeWeb ?? []) app.use(middleware);
  if (options.webHandler) {
    // Vite's dev server changes the pages under a running process: nothing is kept there.
    const render = options.viteDev ? options.webHandler : pageCache(shop.database, options.webHandler);
    app.use(checkedPageWrites(render, config.publicUrl));
  }

  app.use(errorHandler);

  // A kept answer goes out before Express sets up the request at all; anything else takes the
  // whole way above. (Express calls `handle` for every request, mounted or not.)
  const handle = (app as unknown as { handle: (req: IncomingMessage, res: ServerResponse, callback?: unknown) => void }).handle.bind(app);
  Object.assign(app, {
    handle(req: IncomingMessage, res: ServerResponse, callback?: unknown) {
      if (!finished.answer(req, res, () => handle(req, res, callback))) handle(req, res, callback);
    },
  });
  return app;
}

/** A load balancer's probe must be answered quickly: a database that does not answer within this is not ready. */
export const READINESS_TIMEOUT_MS = 2000;

async function readiness(shop: ShopContext): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), READINESS_TIMEOUT_MS);
  });
  try {
    return await Promise.race([shop.database.isReady(), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function resolveSessionUser(shop: ShopContext, req: Request): Promise<SessionUser | null> {
  const hasCredentials = Boolean(req.headers.authorization || req.headers.cookie?.includes("better-auth"));
  if (!hasCredentials) return null;
  try {
    // One statement for a plain current session (session-read.ts); anything else as Better Auth says.
    const token = sessionToken(req.headers, shop.config);
    if (token === null) return null;
    const session = (token && (await readSession(shop.db, token))) || (await shop.auth.api.getSession({ headers: fromNodeHeaders(req.headers) }));
    if (!session) return null;
    const { id, name, email, role, twoFactorEnabled, language } = session.user as typeof session.user & { role?: string; twoFactorEnabled?: boolean | null; language?: string };
    const user: SessionUser = { id, name, email, role: role === "admin" || role === "pharmacist" ? role : "customer", language: isLanguage(language) ? language : undefined };
    if (twoFactorSetupRequired(shop.config, user.role, twoFactorEnabled === true)) user.twoFactorSetupRequired = true;
    return user;
  } catch (error) {
    req.log.warn({ err: error }, "session lookup failed");
    return null;
  }
}

/** Last-resort handler: expected errors keep their status; anything else is a 500 with the request id. */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const requestId = String(req.id);
  if (res.headersSent) {
    req.log.error({ err: error }, "error after headers were sent");
    res.end();
    return;
  }
  const status = statusOf(error);
  if (status >= 500) {
    req.log.error({ err: error }, "unhandled error");
    countUnhandledError();
  }
  const message = publicMessage(error, status);
  if (error instanceof HttpError && error.headers) res.set(error.headers);
  res
    .status(status)
    .json({ message, ...(error instanceof HttpError && error.errors ? { errors: error.errors } : {}), requestId });
};

function statusOf(error: unknown): number {
  if (error instanceof HttpError) return error.status;
  const status = (error as { status?: unknown; statusCode?: unknown })?.status ?? (error as { statusCode?: unknown })?.statusCode;
  return typeof status === "number" && status >= 400 && status < 600 ? status : 500;
}

function publicMessage(error: unknown, status: number): string {
  if (error instanceof HttpError) return error.message;
  const type = (error as { type?: unknown })?.type;
  if (type === "entity.parse.failed") return "The request body is not valid JSON";
  if (status === 413) return "Request body is too large";
  if (status === 415) return "Unsupported media type";
  if (status < 500) return "The request could not be processed";
  return "Something went wrong on our side. Please try again.";
}
