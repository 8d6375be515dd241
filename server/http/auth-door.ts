import express, { Router, type Request, type Response } from "express";
import { fromNodeHeaders } from "better-auth/node";
import { CLIENT_IP_HEADER, type Auth } from "#server/auth.ts";
import type { Config } from "#server/config.ts";
import { HttpError } from "./errors.ts";
import { SAFE_METHODS, sameOriginForCookies } from "./same-origin.ts";

export interface AuthEndpoint {
  method: "GET" | "POST";
  /** Below /api/auth, as Better Auth names it ("/get-session"). */
  path: string;
}

/**
 * Better Auth's own HTTP endpoints the shop exposes: none. Pages and the REST API call Better
 * Auth on the server (`auth.api.*`) behind the shop's validation, throttles and admin rules
 * (decisions/011); every path below /api/auth answers the shop's JSON 404 without reading the body.
 */
export const AUTH_HTTP_ALLOW_LIST: readonly AuthEndpoint[] = [];

/** The shop's JSON body limit, as for every other API call. */
const BODY_LIMIT = "100kb";
/** Response headers that would hand a session token to page JavaScript. */
const TOKEN_HEADERS = ["set-auth-token", "access-control-expose-headers"];

/**
 * Mounted at /api/auth: deny by default. A path on the allow-list gets what every API call gets
 * (100 KB JSON body limit, same-origin check for cookie writes, the client address Express
 * resolved) and never returns a session token, in a header or in the body.
 */
export function authDoor(shop: { auth: Auth; config: Config }, allowList: readonly AuthEndpoint[] = AUTH_HTTP_ALLOW_LIST): Router {
  const router = Router();
  const allowed = (req: Request) =>
    allowList.some((endpoint) => endpoint.path === req.path && endpoint.method === (req.method === "HEAD" ? "GET" : req.method));

  router.use((req, _res, next) => {
    if (!allowed(req)) return next(new HttpError(404, `No API endpoint at ${req.method} ${req.baseUrl}${req.path}`));
    next();
  });
  router.use(express.json({ limit: BODY_LIMIT }));
  router.use(sameOriginForCookies(shop.config.publicUrl));
  router.use(async (req, res, next) => {
    try {
      await forward(shop, req, res);
    } catch (error) {
      next(error);
    }
  });
  return router;
}

async function forward({ auth, config }: { auth: Auth; config: Config }, req: Request, res: Response) {
  const headers = fromNodeHeaders(req.headers);
  for (const name of ["content-length", "transfer-encoding", "x-forwarded-for", CLIENT_IP_HEADER]) headers.delete(name);
  if (req.ip) headers.set(CLIENT_IP_HEADER, req.ip);
  const hasBody = !SAFE_METHODS.has(req.method) && req.body !== undefined;
  if (hasBody) headers.set("content-type", "application/json");
  const response = await auth.handler(
    new Request(new URL(req.originalUrl, config.publicUrl), {
      method: req.method,
      headers,
      body: hasBody ? JSON.stringify(req.body) : undefined,
    }),
  );

  res.status(response.status);
  response.headers.forEach((value, name) => {
    if (name === "set-cookie" || name === "content-length" || name === "content-encoding" || TOKEN_HEADERS.includes(name)) return;
    res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.append("Set-Cookie", cookies);
  const text = await response.text();
  if (!(response.headers.get("content-type") ?? "").includes("json") || text === "") return res.send(text);
  res.json(withoutTokens(JSON.parse(text)));
}

/** A copy without any `token` field, at any depth (get-session's session, list-sessions' items, sign-in's answer). */
function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !/token/i.test(key))
      .map(([key, item]) => [key, withoutTokens(item)]),
  );
}
