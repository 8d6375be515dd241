import { createServer, type Server, type Socket } from "node:net";
import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { READINESS_TIMEOUT_MS } from "#server/app.ts";
import { openDatabase } from "#server/db/client.ts";
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

  it("GET /readyz is 503 while a migration of this build is not applied yet, 200 once it is", async () => {
    // Another process (a deploy's first instance, a cluster's primary) applies the pending
    // migrations in one transaction: until it commits, this build's last migration is missing.
    const { db } = shop.context;
    const last = await db.execute<{ id: number; hash: string; created_at: string }>(
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1`,
    );
    const row = last.rows[0]!;
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row.id}`);
    try {
      const res = await request(shop.app).get("/readyz").expect(503);
      expect(res.body).toEqual({ ok: false });
      await request(shop.app).get("/healthz").expect(200);
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`);
    }
    await request(shop.app).get("/readyz").expect(200);
  });

  it("GET /readyz is 503 within its time limit when the database accepts connections but never answers", async () => {
    // A PostgreSQL "server" that takes the connection and says nothing (a hung or partitioned database).
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => {
      sockets.add(socket);
      socket.on("error", () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as { port: number };
    const hung = await openDatabase({ kind: "postgres", url: `postgres://shop@127.0.0.1:${port}/shop`, maxConnections: 1 });
    const context = shop.context as { database: typeof shop.context.database };
    const own = context.database;
    context.database = hung;
    try {
      const started = Date.now();
      const res = await request(shop.app).get("/readyz").expect(503);
      expect(res.body).toEqual({ ok: false });
      expect(Date.now() - started).toBeGreaterThanOrEqual(READINESS_TIMEOUT_MS - 50);
      expect(Date.now() - started).toBeLessThan(READINESS_TIMEOUT_MS + 1500);
      await request(shop.app).get("/healthz").expect(200);
    } finally {
      context.database = own;
      for (const socket of sockets) socket.destroy();
      await hung.close().catch(() => {});
      await new Promise((resolve) => silent.close(resolve));
    }
    await request(shop.app).get("/readyz").expect(200);
  });

  it("GET /readyz is 503 once the database is gone, while /healthz stays up", async () => {
    await shop.context.database.close();
    const res = await request(shop.app).get("/readyz").expect(503);
    expect(res.body).toEqual({ ok: false });
    await request(shop.app).get("/healthz").expect(200);
  });
});
