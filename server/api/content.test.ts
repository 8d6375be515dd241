import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_THANK_YOU, NEWSLETTER_MESSAGES } from "#common/messages.ts";
import { contactMessages, newsletterSubscribers } from "#server/db/schema.ts";
import { createTestShop, type TestShop } from "#tests/support/test-shop.ts";
import { pageContext } from "#tests/support/users.ts";
import { action as contactAction } from "~/routes/contact.tsx";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

const subscribers = () => shop.context.db.select().from(newsletterSubscribers);
const messagesFrom = (email: string) =>
  shop.context.db.select().from(contactMessages).where(eq(contactMessages.email, email));

describe("POST /api/subscribe", () => {
  // Double opt-in and its limits: tests/api/newsletter.test.ts.
  it("stores an address lower-cased, unconfirmed, and asks to confirm it by email", async () => {
    const res = await request(shop.app).post("/api/subscribe").send({ email: "  Asha.Rao@Example.COM " });
    expect(res.status).toBe(201);
    expect(res.headers["content-type"]).toMatch(/^application\/json; charset=utf-8/);
    // The welcome code is emailed only (issue 26): tests/api/welcome-coupon.test.ts.
    expect(res.body).toEqual({ message: NEWSLETTER_MESSAGES.checkInbox });
    const rows = (await subscribers()).filter((row) => row.email.includes("asha.rao"));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.email).toBe("asha.rao@example.com");
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
    expect(rows[0]!.confirmedAt).toBeNull();
  });

  it("answers 409 for a confirmed address in another case, and keeps one row", async () => {
    await request(shop.app).post("/api/subscribe").send({ email: "ravi@example.com" }).expect(201);
    await shop.context.db.update(newsletterSubscribers).set({ confirmedAt: new Date() }).where(eq(newsletterSubscribers.email, "ravi@example.com"));
    const res = await request(shop.app).post("/api/subscribe").send({ email: "RAVI@Example.com" });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: "Email is already subscribed" });
    expect((await subscribers()).filter((row) => row.email === "ravi@example.com")).toHaveLength(1);
  });

  it("handles simultaneous subscriptions of one unconfirmed address: the same answer to each, one row", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 5 }, () => request(shop.app).post("/api/subscribe").send({ email: "race@example.com" })),
    ).then((responses) => responses.map((res) => res.status));
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    expect((await subscribers()).filter((row) => row.email === "race@example.com")).toHaveLength(1);
  });

  it.each([
    [{}, "Email is required"],
    [{ email: "" }, "Email is required"],
    [{ email: "   " }, "Email is required"],
    [{ email: null }, "Email is required"],
    [{ email: 42 }, "Email is required"],
    [{ email: "not-an-email" }, "Please enter a valid email address"],
    [{ email: "a@b" }, "Please enter a valid email address"],
    [{ email: `${"a".repeat(250)}@example.com` }, "Please enter a valid email address"],
  ])("refuses %j with 400 and a message", async (body, message) => {
    const before = (await subscribers()).length;
    const res = await request(shop.app).post("/api/subscribe").send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, errors: { email: message } });
    expect((await subscribers()).length).toBe(before);
  });

  it("refuses a request without a JSON body", async () => {
    const res = await request(shop.app).post("/api/subscribe");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Email is required");
  });
});

describe("POST /api/contact", () => {
  it("stores the message for the admin inbox", async () => {
    const res = await request(shop.app)
      .post("/api/contact")
      .send({ name: " Meera Iyer ", email: "Meera@Example.com", message: "Do you deliver to Pune?\nThanks." });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: CONTACT_THANK_YOU });

    const rows = await messagesFrom("meera@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: expect.any(String),
      name: "Meera Iyer",
      email: "meera@example.com",
      message: "Do you deliver to Pune?\nThanks.",
      handledAt: null,
      createdAt: expect.any(Date),
    });
  });

  it("ignores unknown fields instead of writing them", async () => {
    await request(shop.app)
      .post("/api/contact")
      .send({ name: "Kiran", email: "kiran@example.com", message: "Hi", id: "chosen-id", handledAt: "2020-01-01" })
      .expect(201);
    const [row] = await messagesFrom("kiran@example.com");
    expect(row!.id).not.toBe("chosen-id");
    expect(row!.handledAt).toBeNull();
  });

  it("refuses an empty body with a message per field and stores nothing", async () => {
    const before = (await shop.context.db.select().from(contactMessages)).length;
    const res = await request(shop.app).post("/api/contact").send({});
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
    expect(res.body.errors).toEqual({
      name: "Name is required",
      email: "Email is required",
      message: "Message is required",
    });
    expect((await shop.context.db.select().from(contactMessages)).length).toBe(before);
  });

  it.each([
    ["name", { email: "a@example.com", message: "Hi" }, "Name is required"],
    ["name", { name: "   ", email: "a@example.com", message: "Hi" }, "Name is required"],
    ["name", { name: "n".repeat(121), email: "a@example.com", message: "Hi" }, "Name is too long (120 characters at most)"],
    ["email", { name: "A", message: "Hi" }, "Email is required"],
    ["email", { name: "A", email: "nope", message: "Hi" }, "Please enter a valid email address"],
    ["message", { name: "A", email: "a@example.com" }, "Message is required"],
    ["message", { name: "A", email: "a@example.com", message: " \n " }, "Message is required"],
    ["message", { name: "A", email: "a@example.com", message: "m".repeat(5001) }, "Message is too long (5000 characters at most)"],
  ])("refuses a bad %s with 400 and stores nothing", async (field, body, message) => {
    const before = (await shop.context.db.select().from(contactMessages)).length;
    const res = await request(shop.app).post("/api/contact").send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors).toEqual({ [field]: message });
    expect((await shop.context.db.select().from(contactMessages)).length).toBe(before);
  });

  it("accepts a message of exactly 5000 characters", async () => {
    await request(shop.app)
      .post("/api/contact")
      .send({ name: "Long", email: "long@example.com", message: "m".repeat(5000) })
      .expect(201);
    const [row] = await messagesFrom("long@example.com");
    expect(row!.message).toHaveLength(5000);
  });
});

describe("the contact page's action (the form posts here, with JavaScript through a fetcher)", () => {
  type Answer = { data: { ok: boolean; errors: Record<string, string>; message: string | null }; init: ResponseInit };
  const post = async (fields: Record<string, string>) =>
    (await contactAction({
      request: new Request("http://localhost:3000/contact", { method: "POST", body: new URLSearchParams(fields) }),
      context: pageContext(shop.context, null, "198.51.100.71"),
      params: {},
    } as never)) as Answer;

  it("answers as POST /api/contact does: 201, and the message is stored", async () => {
    const answer = await post({ name: "Ravi", email: "Ravi.Page@example.com", message: "Please call me back." });
    expect(answer.init.status).toBe(201);
    expect(answer.data).toEqual({ ok: true, errors: {}, message: null });
    expect(await messagesFrom("ravi.page@example.com")).toHaveLength(1);
  });

  it("refuses bad fields with 400 and the API's per-field messages, storing nothing", async () => {
    const before = (await shop.context.db.select().from(contactMessages)).length;
    const answer = await post({ name: "", email: "nope", message: "" });
    expect(answer.init.status).toBe(400);
    expect(answer.data).toEqual({
      ok: false,
      message: null,
      errors: { name: "Name is required", email: "Please enter a valid email address", message: "Message is required" },
    });
    expect((await shop.context.db.select().from(contactMessages)).length).toBe(before);
  });
});
