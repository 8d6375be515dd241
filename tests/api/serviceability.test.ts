// The delivery promise (api-contract.md, "Serviceability"; decisions/021): the public PIN check,
// the seeded demo covering every state and union territory, and the admin's CSV export and import
// (all or nothing, row errors, overlaps refused).
import { count, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INDIAN_STATES } from "#common/india.ts";
import { auditLog, serviceabilityRanges } from "#server/db/schema.ts";
import { findServiceability } from "#server/modules/delivery/serviceability.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, type TestUser } from "../support/users.ts";

let shop: TestShop;
let admin: TestUser;
let customer: TestUser;
const api = () => request(shop.app);

beforeAll(async () => {
  shop = await createTestShop();
  admin = await createAdmin(shop.context);
  customer = await createCustomer(shop.context);
});
afterAll(() => shop?.close());

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

describe("GET /api/serviceability/:pin", () => {
  it("answers a serviceable metro PIN with its state, city, COD and a delivery window", async () => {
    const res = await api().get("/api/serviceability/560102").expect(200);
    expect(res.body).toMatchObject({ pin: "560102", serviceable: true, state: "Karnataka", city: "Bengaluru", cod: true });
    expect(res.body.estimatedDelivery.from).toMatch(ISO_DAY);
    expect(res.body.estimatedDelivery.to).toMatch(ISO_DAY);
    expect(res.body.estimatedDelivery.to >= res.body.estimatedDelivery.from).toBe(true);
    expect(res.headers["cache-control"]).toBe("public, max-age=60");
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("leaves city out where the range is not one city", async () => {
    const res = await api().get("/api/serviceability/583101").expect(200);
    expect(res.body).toMatchObject({ serviceable: true, state: "Karnataka", cod: true });
    expect(res.body).not.toHaveProperty("city");
  });

  it("knows the small territories by their PIN ranges, without COD on the islands", async () => {
    expect((await api().get("/api/serviceability/682555").expect(200)).body).toMatchObject({ state: "Lakshadweep", cod: false });
    expect((await api().get("/api/serviceability/682030").expect(200)).body).toMatchObject({ state: "Kerala", city: "Kochi" });
    expect((await api().get("/api/serviceability/744101").expect(200)).body).toMatchObject({ state: "Andaman and Nicobar Islands", cod: false });
    expect((await api().get("/api/serviceability/403001").expect(200)).body).toMatchObject({ state: "Goa" });
    expect((await api().get("/api/serviceability/605001").expect(200)).body).toMatchObject({ state: "Puducherry" });
    expect((await api().get("/api/serviceability/194101").expect(200)).body).toMatchObject({ state: "Ladakh", cod: false });
  });

  it("says a PIN outside every range is not served (the Army Post Office series)", async () => {
    const res = await api().get("/api/serviceability/990001").expect(200);
    expect(res.body).toEqual({ pin: "990001", serviceable: false });
  });

  it.each(["056010", "56010", "5601022", "abcdef", "56010x", "%20560102", "560102.0"])("refuses %j with 'Enter a valid PIN code'", async (pin) => {
    const res = await api().get(`/api/serviceability/${pin}`).expect(400);
    expect(res.body).toMatchObject({ message: "Enter a valid PIN code" });
    expect(res.body.errors).toBeUndefined();
  });

  it("the later estimate needs more working days for the North East than for a metro", async () => {
    const now = new Date("2025-11-24T04:30:00Z"); // Monday 10:00 IST
    const metro = await findServiceability(shop.context.db, "110001", now);
    const northEast = await findServiceability(shop.context.db, "795001", now);
    expect(metro).toMatchObject({ serviceable: true, estimatedDelivery: { from: "2025-11-26", to: "2025-11-27" } });
    expect(northEast).toMatchObject({ serviceable: true, state: "Manipur", cod: false, estimatedDelivery: { from: "2025-12-03", to: "2025-12-05" } });
  });
});

describe("the seeded demo", () => {
  it("covers all 36 states and union territories", async () => {
    const rows = await shop.context.db.selectDistinct({ state: serviceabilityRanges.state }).from(serviceabilityRanges);
    expect(rows.map((row) => row.state).sort()).toEqual([...INDIAN_STATES].sort());
  });

  it("the database refuses an overlapping range", async () => {
    await expect(
      shop.context.db.insert(serviceabilityRanges).values({ pinFrom: 560050, pinTo: 560060, state: "Karnataka", minDays: 1, maxDays: 2 }),
    ).rejects.toThrow();
  });
});

const CSV_HEADER = "pinFrom,pinTo,state,city,minDays,maxDays,cod";
const upload = (text: string, user: TestUser = admin) =>
  api().post("/api/admin/serviceability/import").set(user.headers).attach("file", Buffer.from(text, "utf8"), { filename: "ranges.csv", contentType: "text/csv" });
const rangeCount = async () => (await shop.context.db.select({ n: count() }).from(serviceabilityRanges))[0]?.n ?? 0;

describe("admin CSV export and import", () => {
  it("is admins only: 401 signed out, 403 for customers", async () => {
    await api().get("/api/admin/serviceability.csv").expect(401);
    await api().get("/api/admin/serviceability.csv").set(customer.headers).expect(403);
    await api().post("/api/admin/serviceability/import").expect(401);
    await upload(`${CSV_HEADER}\r\n110001,110099,Delhi,,2,3,yes\r\n`, customer).expect(403);
    await api().get("/api/admin/serviceability").set(customer.headers).expect(403);
  });

  it("exports every range with the header, COD as yes/no", async () => {
    const res = await api().get("/api/admin/serviceability.csv").set(admin.headers).expect(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const lines = res.text.trimEnd().split("\r\n");
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines).toContain("560000,560110,Karnataka,Bengaluru,1,2,yes");
    expect(lines).toContain("682551,682559,Lakshadweep,,8,10,no");
    expect(lines.length - 1).toBe(await rangeCount());
  });

  it("refuses a file with bad rows, reporting each row and field, and changes nothing", async () => {
    const before = (await api().get("/api/admin/serviceability.csv").set(admin.headers)).text;
    const csv = [
      CSV_HEADER,
      "110001,110099,Delhi,New Delhi,2,3,yes", // row 2 fine
      "056000,560110,Karnataka,,1,2,yes", // row 3 bad pinFrom
      "560200,560100,Karnataka,,1,2,yes", // row 4 pinTo before pinFrom
      "600000,600130,Madras,,2,3,yes", // row 5 unknown state
      "700000,700160,West Bengal,Kolkata,5,3,maybe", // row 6 days order, cod
      "110050,110060,Delhi,,2,3,yes", // row 7 overlaps row 2
    ].join("\r\n");
    const res = await upload(csv).expect(400);
    expect(res.body.message).toBe("Nothing was imported: fix the rows listed and import the file again");
    expect(res.body.errors).toEqual([
      { row: 3, field: "pinFrom", message: "Enter a 6-digit PIN code not starting with 0" },
      { row: 4, field: "pinTo", message: "pinTo must not be before pinFrom" },
      { row: 5, field: "state", message: "Enter one of the 36 states and union territories, spelt as in the export" },
      { row: 6, field: "maxDays", message: "maxDays must not be less than minDays" },
      { row: 6, field: "cod", message: "Enter yes or no" },
      { row: 7, field: "pinFrom", message: "This range overlaps the range on row 2" },
    ]);
    expect((await api().get("/api/admin/serviceability.csv").set(admin.headers)).text).toBe(before);
  });

  it.each([
    ["a wrong header", "from,to,state\r\n110001,110099,Delhi\r\n", "The first row must be the header: pinFrom,pinTo,state,city,minDays,maxDays,cod"],
    ["no rows", `${CSV_HEADER}\r\n`, "The file has no ranges; the shop would deliver nowhere"],
    ["an unclosed quote", `${CSV_HEADER}\r\n110001,110099,"Delhi,,2,3,yes\r\n`, "The file has a quoted cell that is never closed"],
  ])("refuses %s with one message", async (_what, csv, message) => {
    const n = await rangeCount();
    const res = await upload(csv).expect(400);
    expect(res.body.message).toBe(message);
    expect(await rangeCount()).toBe(n);
  });

  it("refuses a request without a file", async () => {
    await api().post("/api/admin/serviceability/import").set(admin.headers).send({ csv: "x" }).expect(415);
    await api().post("/api/admin/serviceability/import").set(admin.headers).field("other", "x").expect(400);
  });

  it("round trip: the export imported again gives the same table, and an import replaces it all", async () => {
    const exported = (await api().get("/api/admin/serviceability.csv").set(admin.headers)).text;
    const n = await rangeCount();
    const same = await upload(exported).expect(200);
    expect(same.body).toMatchObject({ imported: n, replaced: n });
    expect((await api().get("/api/admin/serviceability.csv").set(admin.headers)).text).toBe(exported);

    const small = `${CSV_HEADER}\r\n560001,560110,Karnataka,"Bengaluru, Urban",1,2,yes\r\n110001,110099,Delhi,,2,3,no\r\n`;
    const replaced = await upload(small).expect(200);
    expect(replaced.body).toEqual({ message: "Imported 2 ranges; the previous table was replaced", imported: 2, replaced: n });
    expect((await api().get("/api/serviceability/560102").expect(200)).body).toMatchObject({ city: "Bengaluru, Urban" });
    expect((await api().get("/api/serviceability/110001").expect(200)).body).toMatchObject({ state: "Delhi", cod: false });
    expect((await api().get("/api/serviceability/400001").expect(200)).body).toEqual({ pin: "400001", serviceable: false });
    const audit = await shop.context.db.select().from(auditLog).where(eq(auditLog.action, "serviceability.import"));
    expect(audit.at(-1)).toMatchObject({ actorId: admin.id, before: { ranges: n }, after: { ranges: 2 } });

    await upload(exported).expect(200); // the demo back for the other tests
    expect(await rangeCount()).toBe(n);
  });

  it("refuses a file over 2 MB with 413", async () => {
    const big = `${CSV_HEADER}\r\n${"110001,110099,Delhi,,2,3,yes\r\n".repeat(80_000)}`;
    await upload(big).expect(413);
  });
});
