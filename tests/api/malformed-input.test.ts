// Null bytes, lone surrogates and broken percent-encoding sent everywhere a client can put them:
// URL paths and queries (API, collection and admin pages, `*.data`), JSON bodies, and form posts
// to page routes. Each is one clear 400 and one one-line JSON log line; nothing reaches a route.
import type { RequestHandler } from "express";
import { Writable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import pino from "pino";
import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "#server/app.ts";
import { contactMessages } from "#server/db/schema.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, type TestUser } from "../support/users.ts";

const MESSAGE = "The request contains characters that are not allowed";
let shop: TestShop;
let admin: TestUser;
let customer: TestUser;
let app: ReturnType<typeof createApp>;
const logLines: string[] = [];
/** What the stand-in for React Router received: the form fields of each request it was given. */
const rendered: { url: string; fields: [string, string][] }[] = [];

/**
 * Reads the request the way @react-router/express does (a Fetch Request over the Node stream),
 * so a form body handed on after the check must still be readable in full.
 */
const reactRouterStandIn: RequestHandler = async (req, res) => {
  // What the adapter reads of the request object before the body (req.app.bind is a route method).
  expect(req.app.enabled("trust proxy")).toEqual(expect.any(Boolean));
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers: req.headers as HeadersInit };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  const fetchRequest = new Request(`http://localhost${req.originalUrl}`, init);
  const fields =
    req.method === "POST" ? [...(await fetchRequest.formData())].map(([k, v]) => [k, String(v)] as [string, string]) : [];
  rendered.push({ url: req.originalUrl, fields });
  res.type("html").send("<!doctype html><p>page</p>");
};

beforeAll(async () => {
  shop = await createTestShop();
  [admin, customer] = await Promise.all([createAdmin(shop.context), createCustomer(shop.context)]);
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      logLines.push(...String(chunk).split("\n").filter(Boolean));
      callback();
    },
  });
  const logger = pino({ level: "info" }, sink);
  app = createApp({ ...shop.context, logger }, { webHandler: reactRouterStandIn });
});
afterAll(() => shop?.close());
beforeEach(() => {
  logLines.length = 0;
  rendered.length = 0;
});

/** Posts raw bytes (supertest would serialise a Buffer as form fields). */
async function rawPost(path: string, type: string, body: Buffer, headers: Record<string, string> = {}) {
  const server = app.listen(0);
  try {
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { method: "POST", headers: { "Content-Type": type, ...headers }, body: new Uint8Array(body) });
    return { status: res.status, text: await res.text(), requestId: res.headers.get("x-request-id") };
  } finally {
    server.close();
  }
}

/** The one log line of the last request: valid JSON, one line, the query left out. */
async function oneLogLine(): Promise<Record<string, unknown>> {
  await new Promise((resolve) => setTimeout(resolve, 20)); // the line is written when the response closes
  expect(logLines).toHaveLength(1);
  const line = JSON.parse(logLines[0]!) as Record<string, unknown>;
  return line;
}

const MALFORMED_QUERIES = ["%00", "abc%00def", "%E0%A4%A", "%ED%A0%80", "%FF", "%"];

describe("malformed URLs", () => {
  it.each([
    ...MALFORMED_QUERIES.map((value) => `/collections/all?search=${value}`),
    "/collections/all%00",
    "/collections/%E0%A4%A",
    "/collections/all.data?search=%00",
    "/product/x?review=%ED%B0%80",
  ])("page %s is a 400 page, React Router never runs", async (url) => {
    const res = await request(app).get(url).expect(400);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.text).toContain(MESSAGE);
    expect(res.text).toContain(res.headers["x-request-id"]);
    expect(rendered).toEqual([]);
    const line = await oneLogLine();
    expect(line).toMatchObject({ msg: "request completed", res: { statusCode: 400 }, requestId: res.headers["x-request-id"] });
    // The refused query is left out of the log; a refused path is logged percent-encoded, as sent.
    const logged = (line.req as { url: string }).url;
    expect(logged).toBe(url.includes("?") ? `${url.slice(0, url.indexOf("?"))}?[refused]` : url);
  });

  it.each(["search=%00", "search=%E0%A4%A", "q=x%00y"])("admin search ?%s is refused for an admin too", async (query) => {
    const res = await request(app).get(`/admin/products?${query}`).set(admin.headers).expect(400);
    expect(res.text).toContain(MESSAGE);
    expect(rendered).toEqual([]);
    await oneLogLine();
  });

  it.each([
    "/api/products?search=%00",
    "/api/products?search=%E0%A4%A",
    "/api/products/%00",
    "/api/admin/users?search=%00",
    "/api/orders/%ED%A0%80",
  ])("API %s is a JSON 400 with the request id", async (url) => {
    const res = await request(app).get(url).set(admin.headers).expect(400);
    expect(res.body).toEqual({ message: MESSAGE, requestId: res.headers["x-request-id"] });
    const line = await oneLogLine();
    expect(line.requestId).toBe(res.headers["x-request-id"]);
  });

  it("well-formed escapes (Hindi, spaces, an encoded percent sign) pass", async () => {
    await request(app).get("/collections/all?search=%E0%A4%85%E0%A4%B6%E0%A5%8D%E0%A4%B5+gandha%2520").expect(200);
    expect(rendered).toHaveLength(1);
    await request(app).get(`/api/products?search=${encodeURIComponent("अश्वगंधा 100%")}`).expect(200);
  });
});

describe("malformed JSON bodies", () => {
  const contactBody = { name: "Asha", email: "asha@example.com", message: "Hello there, a question." };

  it.each([
    ["a NUL in a value", { ...contactBody, message: "Hello\u0000there" }],
    ["a NUL in a key", { ...contactBody, ["mess\u0000age"]: "x" }],
    ["a lone surrogate", { ...contactBody, name: "Asha \ud800" }],
    ["a NUL deep inside", { ...contactBody, extra: [[{ a: ["\u0000"] }]] }],
  ])("%s is a 400 and no message is stored", async (_name, body) => {
    const before = (await shop.context.db.select().from(contactMessages)).length;
    const res = await request(app).post("/api/contact").set(customer.headers).send(body).expect(400);
    expect(res.body).toEqual({ message: MESSAGE, requestId: res.headers["x-request-id"] });
    expect((await shop.context.db.select().from(contactMessages)).length).toBe(before);
    await oneLogLine();
  });

  it("bytes that are not UTF-8 are a 400, not silently replaced", async () => {
    const body = Buffer.concat([Buffer.from('{"name":"Asha '), Buffer.from([0xc3, 0x28]), Buffer.from('","email":"a@example.com","message":"Hello there"}')]);
    const res = await rawPost("/api/contact", "application/json", body, customer.headers);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toEqual({ message: MESSAGE, requestId: res.requestId });
  });
});

describe("form posts to page routes (React Router actions)", () => {
  const form = (fields: string) =>
    request(app).post("/contact").set("Content-Type", "application/x-www-form-urlencoded").send(fields);

  it.each([
    "name=Asha&email=a%40example.com&message=Hi%00there",
    "name=Asha%E0%A4%A&message=x",
    "na%00me=Asha",
    "name=%ED%A0%80",
  ])("%s is a 400 page and the action never runs", async (body) => {
    const res = await form(body).expect(400);
    expect(res.text).toContain(MESSAGE);
    expect(rendered).toEqual([]);
    await oneLogLine();
  });

  it("raw bytes that are not UTF-8 are refused", async () => {
    const res = await rawPost("/contact", "application/x-www-form-urlencoded", Buffer.from([0x6e, 0x3d, 0xff, 0xfe]));
    expect(res.status).toBe(400);
    expect(rendered).toEqual([]);
  });

  it("a NUL in a multipart field or file name is refused", async () => {
    await request(app).post("/admin/products/new").set(admin.headers).field("name", "Tab\u0000let").expect(400);
    await request(app).post("/contact").attach("file", Buffer.from("x"), "a\u0000.txt").expect(400);
    expect(rendered).toEqual([]);
  });

  it("a larger-than-1 MB form is a 413", async () => {
    await form(`message=${"a".repeat(1_100_000)}`).expect(413);
    expect(rendered).toEqual([]);
  });

  it("a well-formed form reaches the action with every field intact", async () => {
    await form("name=%E0%A4%85%E0%A4%B6%E0%A4%BE&email=a%40example.com&message=Hello+there%21&empty=").expect(200);
    expect(rendered).toEqual([
      {
        url: "/contact",
        fields: [
          ["name", "अशा"],
          ["email", "a@example.com"],
          ["message", "Hello there!"],
          ["empty", ""],
        ],
      },
    ]);
    const res = await request(app).post("/admin/products/new").set(admin.headers).field("name", "Tablet ऊ").expect(200);
    expect(res.text).toContain("page");
    expect(rendered[1]!.fields).toEqual([["name", "Tablet ऊ"]]);
  });
});

describe("form posts behind a proxy that terminates TLS (React Router compares Origin with the request URL)", () => {
  const seen: string[] = [];
  /** The URL @react-router/express builds for the Fetch request: protocol, host and port as Express sees them. */
  const urlStandIn: RequestHandler = (req, res) => {
    expect(req.app.enabled("trust proxy")).toEqual(expect.any(Boolean));
    seen.push(`${req.protocol}://${req.get("host")}${req.originalUrl} hostname=${req.hostname}`);
    res.type("html").send("ok");
  };
  let proxied: ReturnType<typeof createApp>;
  beforeAll(() => {
    const config = { ...shop.context.config, publicUrl: "https://shop.example.in" };
    proxied = createApp({ ...shop.context, config }, { webHandler: urlStandIn });
  });
  beforeEach(() => {
    seen.length = 0;
  });

  it("a form from the shop's own pages (Origin = PUBLIC_URL) is handed on as addressed to PUBLIC_URL", async () => {
    await request(proxied)
      .post("/contact")
      .set("Host", "shop.example.in")
      .set("Origin", "https://shop.example.in")
      .type("form")
      .send({ name: "Asha" })
      .expect(200);
    // Without X-Forwarded-Proto Express sees http; React Router would refuse https://... as another origin.
    expect(seen).toEqual(["https://shop.example.in/contact hostname=shop.example.in"]);
  });

  it("the same holds when the proxy rewrote Host to the upstream address", async () => {
    await request(proxied)
      .post("/login")
      .set("Host", "127.0.0.1:3000")
      .set("Origin", "https://shop.example.in")
      .type("form")
      .send({ email: "a@example.com" })
      .expect(200);
    expect(seen).toEqual(["https://shop.example.in/login hostname=shop.example.in"]);
  });

  it("a form from another origin is handed on unchanged (React Router refuses it)", async () => {
    await request(proxied)
      .post("/contact")
      .set("Host", "shop.example.in")
      .set("Origin", "https://evil.example")
      .type("form")
      .send({ name: "Asha" })
      .expect(200);
    expect(seen).toEqual(["http://shop.example.in/contact hostname=shop.example.in"]);
  });
});
