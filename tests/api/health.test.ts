import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../support/test-shop.ts";

describe("health checks", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop?.close());

  it("GET /healthz says the process is up", async () => {
    const res = await request(shop.app).get("/healthz").expect(200);
    expect(res.body).toEqual({ ok: true });
  });

  it("GET /readyz is 200 when the database answers and is migrated", async () => {
    const res = await request(shop.app).get("/readyz").expect(200);
    expect(res.body).toEqual({ ok: true });
  });

  it("GET /readyz is 503 once the database is gone, while /healthz stays up", async () => {
    await shop.context.database.close();
    const res = await request(shop.app).get("/readyz").expect(503);
    expect(res.body).toEqual({ ok: false });
    await request(shop.app).get("/healthz").expect(200);
  });
});
