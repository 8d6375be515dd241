import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { contactMessages } from "#server/db/schema.ts";
import { verifyPaymentSchema } from "#server/schemas/checkout.ts";
import { fieldErrors } from "#server/schemas/field-errors.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

function expectErrorShape(res: request.Response, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers["content-type"]).toMatch(/^application\/json; charset=utf-8/);
  expect(res.body.message).toEqual(expect.any(String));
  expect(res.body.message.length).toBeGreaterThan(0);
  expect(res.body.requestId).toEqual(expect.any(String));
  expect(res.headers["x-request-id"]).toBe(res.body.requestId);
  expect(JSON.stringify(res.body)).not.toMatch(/\bat .*\.(ts|js):\d+/);
}

describe("unknown API paths", () => {
  it.each(["get", "post", "put", "delete"] as const)("%s on an unknown /api path is a JSON 404", async (method) => {
    const res = await request(shop.app)[method]("/api/no-such-thing/42");
    expectErrorShape(res, 404);
    expect(res.body.message).toBe(`No API endpoint at ${method.toUpperCase()} /api/no-such-thing/42`);
  });
});

describe("request bodies", () => {
  it("malformed JSON is a 400 with a message, not a 500", async () => {
    const res = await request(shop.app)
      .post("/api/subscribe")
      .set("Content-Type", "application/json")
      .send('{"email": "asha@example.com",');
    expectErrorShape(res, 400);
    expect(res.body.message).toBe("The request body is not valid JSON");
  });

  it.each(["null", '"just a string"', "42"])("a JSON body that is not an object (%s) is a 400", async (body) => {
    const res = await request(shop.app).post("/api/contact").set("Content-Type", "application/json").send(body);
    expectErrorShape(res, 400);
  });

  it("an array body is a 400", async () => {
    const res = await request(shop.app).post("/api/subscribe").send([{ email: "asha@example.com" }]);
    expectErrorShape(res, 400);
  });

  it.each([
    ["/api/users/login", []],
    ["/api/cart", ["x"]],
    ["/api/contact", [1, 2]],
  ])("a body that is not an object, to %s, is told so in the shop's words (never zod's 'Invalid input')", async (path, body) => {
    const res = await request(shop.app).post(path).set("Content-Type", "application/json").send(JSON.stringify(body));
    expectErrorShape(res, 400);
    expect(res.body.message).toBe("Send the fields as a JSON object");
  });

  it("a payment verification with missing or odd fields says what failed, field by field", () => {
    for (const body of [{}, { razorpay_payment_id: 1, razorpay_order_id: "", razorpay_signature: "x".repeat(201) }]) {
      const result = z.safeParse(verifyPaymentSchema, body);
      expect(result.success).toBe(false);
      expect(Object.values(fieldErrors(result.error!))).toEqual(["Payment verification failed", "Payment verification failed", "Payment verification failed"]);
    }
  });

  it("wrong types are a 400 per field", async () => {
    const res = await request(shop.app).post("/api/contact").send({ name: 42, email: ["a@b.co"], message: { x: 1 } });
    expectErrorShape(res, 400);
    expect(Object.keys(res.body.errors).sort()).toEqual(["email", "message", "name"]);
  });

  it("a body over 100 KB is refused with 413", async () => {
    const res = await request(shop.app)
      .post("/api/contact")
      .send({ name: "Big", email: "big@example.com", message: "x".repeat(101 * 1024) });
    expectErrorShape(res, 413);
    expect(res.body.message).toBe("Request body is too large");
  });

  it("a body just under 100 KB is read (and here refused by validation, not by size)", async () => {
    const res = await request(shop.app)
      .post("/api/contact")
      .send({ name: "Big", email: "big@example.com", message: "x".repeat(99 * 1024) });
    expectErrorShape(res, 400);
    expect(res.body.errors).toEqual({ message: "Message is too long (5000 characters at most)" });
  });

  it("deeply nested JSON does not break the server", async () => {
    const body = "[".repeat(40_000) + "]".repeat(40_000);
    const res = await request(shop.app).post("/api/contact").set("Content-Type", "application/json").send(body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it("a NUL character, which PostgreSQL text cannot hold, is a 400 rather than a database error", async () => {
    const res = await request(shop.app)
      .post("/api/contact")
      .send({ name: "Nul\u0000Byte", email: "nul@example.com", message: "hi" });
    expectErrorShape(res, 400);
    const query = await request(shop.app).get("/api/no-such-thing?search=a%00b");
    expectErrorShape(query, 400);
  });
});

describe("strings that look like markup, SQL or odd Unicode", () => {
  const samples = [
    `<script>alert("x")</script><img src=x onerror=alert(1)>`,
    `Robert'); DROP TABLE contact_messages;-- " OR 1=1 --`,
    "नमस्ते 🙏🏽 வணக்கம் 👨‍👩‍👧‍👦",
    "e\u0301 \u202Eevil\u202C \u200B\u200D\uFEFF zero-width",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose.
    "{{constructor.constructor('return 1')()}} ${7*7} %s %n",
    "\\u0000 is only text here; so is \\x00",
    "𝕳𝖊𝖑𝖑𝖔 \uD83D\uDE00 \u0007bell \u001Bescape",
  ];

  it.each(samples)("%j is stored verbatim and never causes a 5xx", async (text) => {
    const email = `odd-${Math.random().toString(36).slice(2)}@example.com`;
    const res = await request(shop.app).post("/api/contact").send({ name: text, email, message: text });
    expect(res.status).toBe(201);
    const rows = await shop.context.db.select().from(contactMessages);
    const row = rows.find((r) => r.email === email);
    expect(row).toMatchObject({ name: text, message: text });
  });

  it("a lone surrogate (not Unicode) is a clear 400, not stored", async () => {
    const res = await request(shop.app)
      .post("/api/contact")
      .send({ name: "Lone \uD800 surrogate", email: "lone@example.com", message: "x\uDFFFy" });
    expectErrorShape(res, 400);
    expect(res.body.message).toBe("The request contains characters that are not allowed");
  });

  it("markup in an email address is refused by validation", async () => {
    const res = await request(shop.app).post("/api/subscribe").send({ email: "<script>@example.com" });
    expectErrorShape(res, 400);
  });
});

describe("request ids", () => {
  it("every error response carries a request id in the body and the X-Request-Id header", async () => {
    const responses = [
      await request(shop.app).get("/api/nope"),
      await request(shop.app).post("/api/subscribe").set("Content-Type", "application/json").send("{"),
      await request(shop.app).post("/api/subscribe").send({}),
      await request(shop.app).post("/api/contact").send({ name: "x", email: "x@example.com", message: "y".repeat(102_400) }),
      await request(shop.app).post("/api/subscribe").set("Cookie", "a=b").set("Origin", "https://evil.example").send({}),
    ];
    expect(responses.map((res) => res.status)).toEqual([404, 400, 400, 413, 403]);
    for (const res of responses) expectErrorShape(res, res.status);
    expect(new Set(responses.map((res) => res.body.requestId)).size).toBe(responses.length);
  });

  it("successful responses carry X-Request-Id too", async () => {
    const res = await request(shop.app).get("/healthz").expect(200);
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("a client's X-Request-Id is never used as the request id (it is only logged beside it)", async () => {
    for (const sent of ["edge-proxy.abc_123", "<script>alert(1)</script>"]) {
      const res = await request(shop.app).get("/api/nope").set("X-Request-Id", sent);
      expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.body.requestId).toBe(res.headers["x-request-id"]);
    }
  });
});

describe("security headers", () => {
  function directives(csp: string): Map<string, string[]> {
    return new Map(
      csp
        .split(";")
        .map((part) => part.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map(([name, ...values]) => [name!, values]),
    );
  }

  it.each(["/healthz", "/api/nope"])("%s has a strict Content-Security-Policy and nosniff", async (url) => {
    const res = await request(shop.app).get(url);
    const csp = res.headers["content-security-policy"];
    expect(csp).toEqual(expect.any(String));
    const policy = directives(csp);
    const scriptSrc = policy.get("script-src");
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(scriptSrc!.some((source) => /^'nonce-[A-Za-z0-9+/=]{16,}'$/.test(source))).toBe(true);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });

  it("uses a fresh script nonce for every response", async () => {
    const nonce = async () =>
      /'nonce-([^']+)'/.exec((await request(shop.app).get("/healthz")).headers["content-security-policy"])?.[1];
    expect(await nonce()).not.toBe(await nonce());
  });

  it("sends no HSTS header when the shop is not served over HTTPS", async () => {
    const res = await request(shop.app).get("/healthz");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });
});
