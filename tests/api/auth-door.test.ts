// One door for auth (issue 11, decisions/011): none of Better Auth's own HTTP endpoints is
// reachable. The test walks the library's route table, so an endpoint added by an upgrade or a
// plugin is covered without anyone listing it, and replays the attacks seen through that door.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { asc, eq } from "drizzle-orm";
import express from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorHandler } from "#server/app.ts";
import { account, session, user as users, verification } from "#server/db/schema.ts";
import { AUTH_HTTP_ALLOW_LIST, authDoor, type AuthEndpoint } from "#server/http/auth-door.ts";
import { requestLogging } from "#server/http/request-log.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, pageContext, type TestUser } from "../support/users.ts";
import { loader as rootLoader } from "~/root.tsx";
import { action as loginAction } from "~/routes/login.tsx";
import { loader as profileLoader } from "~/routes/profile.tsx";
import { action as registerAction } from "~/routes/register.tsx";

let shop: TestShop;
let customer: TestUser;
/** The shop's only admin. */
let admin: TestUser;
/** `better-auth.session_token=...` of a cookie session of the customer (as the pages hold it). */
let customerCookie: string;

beforeAll(async () => {
  shop = await createTestShop();
  [customer, admin] = await Promise.all([createCustomer(shop.context, { name: "Asha Rao" }), createAdmin(shop.context)]);
  const login = await request(shop.app).post("/api/users/login").send({ email: customer.email, password: customer.password }).expect(200);
  const cookies = login.headers["set-cookie"] as unknown as string[];
  customerCookie = cookies.find((cookie) => cookie.startsWith("better-auth.session_token="))!.split(";")[0]!;
});
afterAll(() => shop?.close());

/** Every HTTP endpoint Better Auth (with the shop's plugins) defines, read from its own route table. */
function libraryRoutes(): AuthEndpoint[] {
  const routes: AuthEndpoint[] = [];
  for (const endpoint of Object.values(shop.context.auth.api as Record<string, unknown>)) {
    const { path, options } = endpoint as { path?: unknown; options?: { method?: unknown } };
    if (typeof path !== "string") continue; // server-only functions have no path
    const declared = options?.method;
    const methods = (Array.isArray(declared) ? declared : [declared]).flatMap((method) => (method === "*" ? ["GET", "POST"] : [method]));
    for (const method of methods) if (method === "GET" || method === "POST") routes.push({ method, path });
  }
  return routes;
}

/** A concrete URL for a route: `:id` and the like filled in. */
const urlOf = (path: string) => `/api/auth${path.replace(/:[A-Za-z]+/g, "x")}`;

/** Everything a side door could change: users (names, roles, bans), sessions, credentials, verifications. */
async function snapshot() {
  const { db } = shop.context;
  return {
    users: await db.select().from(users).orderBy(asc(users.id)),
    sessions: await db.select().from(session).orderBy(asc(session.id)),
    accounts: await db.select().from(account).orderBy(asc(account.id)),
    verifications: await db.select().from(verification).orderBy(asc(verification.id)),
  };
}

type Caller = "signed out" | "customer (bearer)" | "customer (cookie)" | "admin (bearer)";
const CALLERS: Caller[] = ["signed out", "customer (bearer)", "customer (cookie)", "admin (bearer)"];
function credentials(who: Caller): Record<string, string> {
  if (who === "customer (bearer)") return customer.headers;
  if (who === "customer (cookie)") return { Cookie: customerCookie, Origin: shop.config.publicUrl };
  if (who === "admin (bearer)") return admin.headers;
  return {};
}

/** A body that would do harm wherever it landed. */
const hostileBody = () => ({
  name: "Side Door",
  email: "taken-over@example.com",
  role: "admin",
  userId: customer.id,
  newPassword: "hijacked-123",
  currentPassword: customer.password,
  password: "hijacked-123",
  token: customer.token,
});

function expectShopNotFound(res: request.Response, method: string, url: string) {
  expect(res.status, `${method} ${url}: ${res.text.slice(0, 200)}`).toBe(404);
  expect(res.body.message).toBe(`No API endpoint at ${method} ${url.split("?")[0]}`);
  expect(res.headers["set-cookie"]).toBeUndefined();
  expect(res.headers["set-auth-token"]).toBeUndefined();
  for (const token of [customer.token, admin.token]) expect(res.text).not.toContain(token);
}

describe("Better Auth's route table", () => {
  it("is walked: the endpoints of the issue are in it", () => {
    const paths = new Set(libraryRoutes().map((route) => route.path));
    expect(paths.size).toBeGreaterThan(40);
    for (const path of ["/sign-out", "/update-user", "/admin/set-role", "/change-password", "/get-session", "/list-sessions"]) {
      expect(paths).toContain(path);
    }
  });

  it("the shop allows none of it over HTTP", () => {
    expect(AUTH_HTTP_ALLOW_LIST).toEqual([]);
  });

  it.each(CALLERS)("every path answers the shop's JSON 404 to %s, and nothing changes", async (who) => {
    const before = await snapshot();
    for (const { method, path } of libraryRoutes()) {
      const url = urlOf(path);
      const call = method === "GET" ? request(shop.app).get(url) : request(shop.app).post(url).send(hostileBody());
      expectShopNotFound(await call.set(credentials(who)), method, url);
    }
    for (const url of ["/api/auth", "/api/auth/", "/api/auth/no-such-thing", "/api/auth/admin/../update-user"]) {
      expect((await request(shop.app).post(url).set(credentials(who)).send(hostileBody())).status).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("the attacks of issue 11", () => {
  it("a 2 MB body to /api/auth/sign-out, signed out, is a 404", async () => {
    const res = await request(shop.app)
      .post("/api/auth/sign-out")
      .set("Content-Type", "application/json")
      .send(JSON.stringify({ padding: "x".repeat(2 * 1024 * 1024 + 1) }));
    expectShopNotFound(res, "POST", "/api/auth/sign-out");
  });

  it("a 200 MB body is answered before it is read", async () => {
    const server = shop.app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request({
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/api/auth/sign-out",
          headers: { "Content-Type": "application/json", "Content-Length": String(200 * 1024 * 1024) },
        });
        req.on("response", (res) => {
          resolve(res.statusCode ?? 0);
          req.destroy();
        });
        req.on("error", reject);
        // One kilobyte of the promised 200 MB: an answer can only come if nothing waits for the rest.
        req.write("x".repeat(1024));
      });
      expect(status).toBe(404);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it.each([
    ["5 MB", "n".repeat(5 * 1024 * 1024)],
    ["empty", ""],
    ["whitespace", "   "],
    ["an array", ["Asha", "Rao"]],
    ["an object", { first: "Asha" }],
  ])("update-user with a name that is %s changes nobody's name", async (_label, name) => {
    const before = await snapshot();
    for (const who of ["customer (bearer)", "customer (cookie)"] as const) {
      const res = await request(shop.app).post("/api/auth/update-user").set(credentials(who)).send({ name });
      expect(res.status).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
    const [row] = await shop.context.db.select({ name: users.name }).from(users).where(eq(users.id, customer.id));
    expect(row!.name).toBe("Asha Rao");
  });

  it("admin/set-role cannot demote the only admin, nor promote a customer", async () => {
    for (const body of [{ userId: admin.id, role: "customer" }, { userId: customer.id, role: "admin" }]) {
      await request(shop.app).post("/api/auth/admin/set-role").set(admin.headers).send(body).expect(404);
    }
    const roles = await shop.context.db.select({ id: users.id, role: users.role }).from(users).orderBy(asc(users.id));
    expect(roles).toEqual(
      [
        { id: admin.id, role: "admin" },
        { id: customer.id, role: "customer" },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
    // The admin API still works: the door closed the side, not the front.
    await request(shop.app).get("/api/admin/users").set(admin.headers).expect(200);
  });

  it("change-password guesses with a new X-Forwarded-For each time never reach a password check", async () => {
    const before = await snapshot();
    for (let guess = 1; guess <= 30; guess++) {
      const res = await request(shop.app)
        .post("/api/auth/change-password")
        .set(customer.headers)
        .set("X-Forwarded-For", `203.0.113.${guess}`)
        .send({ currentPassword: `guess-${guess}`, newPassword: "hijacked-123" });
      expect(res.status).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
    await request(shop.app).post("/api/users/login").send({ email: customer.email, password: customer.password }).expect(200);
  });

  it.each(["/api/auth/get-session", "/api/auth/list-sessions"])("%s hands no session token to JavaScript", async (url) => {
    for (const who of ["customer (bearer)", "customer (cookie)"] as const) {
      expectShopNotFound(await request(shop.app).get(url).set(credentials(who)), "GET", url);
    }
    // What the pages' JavaScript may read about the session: the profile, without a token.
    const profile = await request(shop.app).get("/api/users/profile").set("Cookie", customerCookie).expect(200);
    expect(profile.text).not.toContain(customer.token);
    expect(profile.text).not.toContain(customerCookie.split("=")[1]!.split(".")[0]!);
  });
});

describe("pages hand no session token to their JavaScript", () => {
  /** Runs a loader or action as React Router does; a thrown redirect is returned. */
  async function run(handler: (args: never) => unknown, request: Request, user: TestUser | null = null) {
    const context = pageContext(shop.context, user, `198.51.100.${Math.floor(Math.random() * 200) + 1}`);
    try {
      return await handler({ request, context, params: {} } as never);
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }
  const form = (path: string, fields: Record<string, string>) =>
    new Request(`${shop.config.publicUrl}${path}`, { method: "POST", body: new URLSearchParams(fields) });

  /** What the page's JavaScript can read: the data, and any cookie that is not HttpOnly. */
  async function readableByScript(result: unknown): Promise<string> {
    const cookies = result instanceof Response ? result.headers.getSetCookie() : new Headers((result as { init?: ResponseInit }).init?.headers).getSetCookie();
    const visibleCookies = cookies.filter((cookie) => !/;\s*HttpOnly/i.test(cookie));
    const body = result instanceof Response ? await result.text() : JSON.stringify((result as { data?: unknown }).data ?? result);
    const location = result instanceof Response ? (result.headers.get("Location") ?? "") : "";
    return [body, location, ...visibleCookies].join("\n");
  }
  /** The session tokens a result sets (from its HttpOnly cookie), to look for elsewhere. */
  function sessionTokens(result: unknown): string[] {
    const cookies = result instanceof Response ? result.headers.getSetCookie() : new Headers((result as { init?: ResponseInit }).init?.headers).getSetCookie();
    return cookies
      .filter((cookie) => cookie.startsWith("better-auth.session_token="))
      .map((cookie) => decodeURIComponent(cookie.split(";")[0]!.split("=")[1]!).split(".")[0]!)
      .filter((token) => token !== "");
  }

  it("the login action: the token travels only in the HttpOnly cookie", async () => {
    const result = await run(loginAction, form("/login", { email: customer.email, password: customer.password }));
    const tokens = sessionTokens(result);
    expect(tokens).toHaveLength(1);
    expect(await readableByScript(result)).not.toContain(tokens[0]);
  });

  it("the register action, with and without JavaScript", async () => {
    for (const enhanced of ["1", "0"]) {
      const email = `page-${enhanced}-${crypto.randomUUID().slice(0, 8)}@example.com`;
      const result = await run(registerAction, form("/register", { name: "Page Shopper", email, password: "secret-123", confirmPassword: "secret-123", enhanced }));
      const tokens = sessionTokens(result);
      expect(tokens).toHaveLength(1);
      expect(await readableByScript(result)).not.toContain(tokens[0]);
    }
  });

  it("the loaders of a signed-in page", async () => {
    const page = new Request(`${shop.config.publicUrl}/profile`, { headers: { Cookie: customerCookie } });
    for (const loader of [rootLoader, profileLoader]) {
      const text = await readableByScript(await run(loader, page, customer));
      expect(text).not.toContain(customer.token);
      expect(text).not.toMatch(/token/i);
    }
  });
});

describe("a path on the allow-list (none today) still gets the shop's rules", () => {
  /** The door as it would be with these endpoints allowed, mounted as the shop mounts it. */
  function shopWith(allowList: AuthEndpoint[]) {
    const app = express();
    app.use(requestLogging(shop.context.logger));
    app.use("/api/auth", authDoor(shop.context, allowList));
    app.use(errorHandler);
    return app;
  }
  let allowed: express.Express;
  beforeAll(() => {
    allowed = shopWith([
      { method: "GET", path: "/get-session" },
      { method: "GET", path: "/list-sessions" },
      { method: "POST", path: "/sign-out" },
      { method: "POST", path: "/update-user" },
    ]);
  });

  it("answers without any session token, in a header or in the body", async () => {
    for (const headers of [customer.headers, { Cookie: customerCookie }]) {
      const current = await request(allowed).get("/api/auth/get-session").set(headers).expect(200);
      expect(current.body.user.id).toBe(customer.id);
      expect(current.body.session.token).toBeUndefined();
      const sessions = await request(allowed).get("/api/auth/list-sessions").set(headers).expect(200);
      expect(sessions.body.length).toBeGreaterThan(0);
      for (const res of [current, sessions]) {
        expect(res.headers["set-auth-token"]).toBeUndefined();
        expect(res.text).not.toContain(customer.token);
        expect(res.text).not.toMatch(/token/i);
      }
    }
  });

  it("refuses a body over 100 KB with 413, and paths not on the list with 404", async () => {
    const big = await request(allowed).post("/api/auth/sign-out").set(customer.headers).send({ padding: "x".repeat(101 * 1024) });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe("Request body is too large");
    await request(allowed).post("/api/auth/admin/set-role").set(admin.headers).send({ userId: admin.id, role: "customer" }).expect(404);
    await request(allowed).post("/api/auth/get-session").set(customer.headers).send({}).expect(404);
  });

  it("refuses a cross-site cookie write with 403, and the session survives", async () => {
    const before = await snapshot();
    const res = await request(allowed).post("/api/auth/sign-out").set({ Cookie: customerCookie, Origin: "https://evil.example" }).send({});
    expect(res.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it("applies the shop's name rule even to Better Auth's own update-user", async () => {
    const before = await snapshot();
    for (const name of ["   ", "n".repeat(101), "Asha\u0000Rao", "Asha\nRao", "\u202EoaR ahsA"]) {
      const res = await request(allowed).post("/api/auth/update-user").set(customer.headers).send({ name });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });
});
