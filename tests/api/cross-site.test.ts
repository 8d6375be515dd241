import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscribers } from "#server/db/schema.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createCustomer, type TestUser } from "../support/users.ts";

let shop: TestShop;
let customer: TestUser;
let counter = 0;
beforeAll(async () => {
  shop = await createTestShop();
  customer = await createCustomer(shop.context);
});
afterAll(() => shop?.close());

const nextEmail = () => `csrf-${++counter}@example.com`;
const sessionCookie = "better-auth.session_token=forged-or-real";

async function subscribed(email: string) {
  const rows = await shop.context.db.select().from(newsletterSubscribers);
  return rows.some((row) => row.email === email);
}

describe("same-origin check for cookie-authenticated changes", () => {
  it("refuses a cross-site POST that carries a cookie (Origin)", async () => {
    const email = nextEmail();
    const res = await request(shop.app)
      .post("/api/subscribe")
      .set("Cookie", sessionCookie)
      .set("Origin", "https://evil.example")
      .send({ email });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: "Cross-site requests are not allowed", requestId: expect.any(String) });
    expect(await subscribed(email)).toBe(false);
  });

  it("refuses a cross-site POST that carries a cookie (Sec-Fetch-Site only)", async () => {
    const email = nextEmail();
    await request(shop.app)
      .post("/api/contact")
      .set("Cookie", sessionCookie)
      .set("Sec-Fetch-Site", "cross-site")
      .send({ name: "Eve", email, message: "hello" })
      .expect(403);
  });

  it("refuses a look-alike origin", async () => {
    await request(shop.app)
      .post("/api/subscribe")
      .set("Cookie", sessionCookie)
      .set("Origin", "http://localhost:3000.evil.example")
      .send({ email: nextEmail() })
      .expect(403);
  });

  it("allows the same request with a bearer token instead of relying on the cookie", async () => {
    const email = nextEmail();
    await request(shop.app)
      .post("/api/subscribe")
      .set("Cookie", sessionCookie)
      .set("Origin", "https://evil.example")
      .set(customer.headers)
      .send({ email })
      .expect(201);
    expect(await subscribed(email)).toBe(true);
  });

  it("allows a cross-origin POST without cookies (nothing ambient to abuse)", async () => {
    await request(shop.app)
      .post("/api/subscribe")
      .set("Origin", "https://evil.example")
      .send({ email: nextEmail() })
      .expect(201);
  });

  it("allows cookie POSTs from the shop's own origin or marked same-origin", async () => {
    await request(shop.app)
      .post("/api/subscribe")
      .set("Cookie", sessionCookie)
      .set("Origin", "http://localhost:3000")
      .send({ email: nextEmail() })
      .expect(201);
    await request(shop.app)
      .post("/api/subscribe")
      .set("Cookie", sessionCookie)
      .set("Sec-Fetch-Site", "same-origin")
      .send({ email: nextEmail() })
      .expect(201);
  });

  it("does not apply to reads", async () => {
    await request(shop.app).get("/api/nope").set("Cookie", sessionCookie).set("Origin", "https://evil.example").expect(404);
  });
});
