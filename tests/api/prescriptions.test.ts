// Prescriptions (api-contract.md, "Prescriptions"; decisions/019): upload, list, read one and its
// file. Files are private: owner, pharmacist or admin only (everyone else 404), never cached by a
// shared cache, never under /images; bad files get a clear 4xx and leave nothing behind.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { count } from "drizzle-orm";
import sharp from "sharp";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prescriptions } from "#server/db/schema.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, type TestUser } from "../support/users.ts";

let shop: TestShop;
let a: TestUser;
let b: TestUser;
let admin: TestUser;
let aPhoto: { _id: string };
let aPdf: { _id: string };

const api = () => request(shop.app);
const privateDir = () => path.join(shop.config.dataDir, "prescriptions");
const storedFiles = async () => (await readdir(privateDir()).catch(() => [] as string[])).sort();
const rowCount = async () => (await shop.context.db.select({ n: count() }).from(prescriptions))[0]!.n;

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n", "latin1");
const photo = (format: "jpeg" | "png" | "webp" = "jpeg") =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: "#eee" } })
    .withExif({ IFD0: { Artist: "GPS 12.97N 77.59E" } })
    .toFormat(format)
    .toBuffer();

function upload(user: TestUser | null, bytes: Buffer, filename: string, fields: Record<string, string> = {}) {
  let req = api().post("/api/prescriptions");
  if (user) req = req.set(user.headers);
  for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
  return req.attach("file", bytes, filename);
}

const binary = ((res: NodeJS.ReadableStream, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on("data", (chunk: Buffer) => chunks.push(chunk));
  res.on("end", () => done(null, Buffer.concat(chunks)));
}) as unknown as Parameters<request.Test["parse"]>[0];

beforeAll(async () => {
  shop = await createTestShop();
  [a, b, admin] = await Promise.all([createCustomer(shop.context), createCustomer(shop.context), createAdmin(shop.context)]);
  aPhoto = (await upload(a, await photo(), "my rx.jpg", { patientName: "Asha Rao", doctorName: "Dr. Meera Iyer" }).expect(201)).body;
  aPdf = (await upload(a, PDF, "rx.pdf").expect(201)).body;
});
afterAll(() => shop?.close());

describe("POST /api/prescriptions: accepted files", () => {
  it("answers 201 with the contract's fields, pending, and stores the photo re-encoded without metadata", async () => {
    const res = await upload(b, await photo("png"), "scan.png", { patientName: "  Ravi  Kumar ", doctorName: "" }).expect(201);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.body).toEqual({
      _id: expect.any(String),
      status: "pending",
      fileName: "scan.png",
      contentType: "image/png",
      patientName: "Ravi Kumar",
      doctorName: null,
      rejectReason: null,
      reviewedAt: null,
      createdAt: expect.any(String),
    });
    const file = await api().get(`/api/prescriptions/${res.body._id}/file`).set(b.headers).buffer(true).parse(binary).expect(200);
    const metadata = await sharp(file.body as Buffer).metadata();
    expect(metadata.format).toBe("png");
    expect(metadata.exif).toBeUndefined();
  });

  it("takes JPEG, WebP and PDF, and keeps a safe file name", async () => {
    expect((await upload(b, await photo("webp"), "x.webp").expect(201)).body.contentType).toBe("image/webp");
    const pdf = await upload(b, PDF, 'we"ird\r\nname.pdf').expect(201);
    expect(pdf.body.contentType).toBe("application/pdf");
    expect(pdf.body.fileName).toMatch(/^[A-Za-z0-9 ._-]+\.pdf$/);
  });

  it("refuses a name longer than 100 characters with a sentence, and stores nothing", async () => {
    const [files, rows] = [await storedFiles(), await rowCount()];
    const res = await upload(a, PDF, "rx.pdf", { patientName: "x".repeat(101) }).expect(400);
    expect(res.body).toMatchObject({ message: "Names can be at most 100 characters", errors: { patientName: "Names can be at most 100 characters" } });
    expect(await storedFiles()).toEqual(files);
    expect(await rowCount()).toBe(rows);
  });
});

describe("POST /api/prescriptions: bad files get a clear 4xx and leave nothing behind", () => {
  const cases: [string, () => Promise<[Buffer, string]>, number, RegExp][] = [
    ["a .pdf that is an image", async () => [await photo("png"), "prescription.pdf"], 415, /JPEG, PNG or WebP photo or a PDF/],
    ["an image that is HTML", async () => [Buffer.from("<!doctype html><script>alert(document.cookie)</script>"), "photo.jpg"], 415, /JPEG, PNG or WebP photo or a PDF/],
    ["an image that does not decode", async () => [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 1)]), "photo.jpg"], 400, /could not be read/],
    ["a PDF without its end", async () => [Buffer.from("%PDF-1.4\n<html></html>\n"), "rx.pdf"], 415, /JPEG, PNG or WebP photo or a PDF/],
    ["11 MB", async () => [Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024, 0x20)]), "big.pdf"], 413, /at most 10 MB/],
    ["zero bytes", async () => [Buffer.alloc(0), "empty.jpg"], 400, /The file is empty/],
  ];
  it.each(cases)("%s", async (_name, make, status, message) => {
    const [files, rows] = [await storedFiles(), await rowCount()];
    const [bytes, filename] = await make();
    const res = await upload(a, bytes, filename);
    expect(res.status).toBe(status);
    expect(res.body.message).toMatch(message);
    expect(await storedFiles()).toEqual(files);
    expect(await rowCount()).toBe(rows);
  });

  it("no file part, a wrong field name, or not multipart: 400/415 with a sentence", async () => {
    await api().post("/api/prescriptions").set(a.headers).field("patientName", "x").expect(400, /Choose a prescription file/);
    await api().post("/api/prescriptions").set(a.headers).attach("image", PDF, "rx.pdf").expect(400, /Choose a prescription file/);
    await api().post("/api/prescriptions").set(a.headers).send({ file: "x" }).expect(415, /multipart/);
  });

  it("nothing is left in the private directory but the stored files (no temporary files)", async () => {
    expect((await storedFiles()).every((name) => /^[0-9a-f]{32}\.(jpg|png|webp|pdf)$/.test(name))).toBe(true);
    expect((await storedFiles()).length).toBe(await rowCount());
  });
});

describe("authorisation matrix", () => {
  type Who = "signed out" | "customer A (owner)" | "customer B" | "admin";
  const who = (): Record<Who, TestUser | null> => ({ "signed out": null, "customer A (owner)": a, "customer B": b, admin });
  const send = (user: TestUser | null, url: string) => (user ? api().get(url).set(user.headers) : api().get(url));

  it.each<[Who, number]>([
    ["signed out", 401],
    ["customer A (owner)", 201],
    ["customer B", 201],
    ["admin", 201],
  ])("POST /api/prescriptions × %s → %i", async (name, status) => {
    await upload(who()[name], PDF, "rx.pdf").expect(status);
  });

  it.each<[Who, number, number]>([
    ["signed out", 401, -1],
    ["customer A (owner)", 200, 2],
    ["customer B", 200, 0],
    ["admin", 200, 0],
  ])("GET /api/prescriptions × %s → %i, only the caller's own", async (name, status) => {
    const res = await send(who()[name], "/api/prescriptions").expect(status);
    if (status !== 200) return;
    const ids = (res.body as { _id: string }[]).map((row) => row._id);
    if (name === "customer A (owner)") expect(ids).toEqual(expect.arrayContaining([aPhoto._id, aPdf._id]));
    else expect(ids).not.toContain(aPhoto._id);
  });

  it.each<[Who, number]>([
    ["signed out", 404],
    ["customer A (owner)", 200],
    ["customer B", 404],
    ["admin", 200],
  ])("GET /api/prescriptions/:id and /:id/file × %s → %i", async (name, status) => {
    const user = who()[name];
    const one = await send(user, `/api/prescriptions/${aPhoto._id}`).expect(status);
    expect(one.headers["cache-control"]).toBe("private, no-store");
    const file = await send(user, `/api/prescriptions/${aPhoto._id}/file`).buffer(true).parse(binary).expect(status);
    expect(file.headers["cache-control"]).toBe("private, no-store");
    if (status === 404) {
      // Unknown and forbidden look alike.
      expect(one.body.message).toBe("Prescription not found");
      const unknown = await send(user, "/api/prescriptions/00000000000000000000000000/file").expect(404);
      expect(unknown.body.message).toBe("Prescription not found");
      expect(JSON.parse((file.body as Buffer).toString()).message).toBe("Prescription not found");
    } else {
      expect(one.body).toMatchObject({ _id: aPhoto._id, patientName: "Asha Rao", doctorName: "Dr. Meera Iyer" });
    }
  });
});

describe("serving a file", () => {
  it("a photo: its type, inline with a safe name, nosniff, a CSP that runs nothing", async () => {
    const res = await api().get(`/api/prescriptions/${aPhoto._id}/file`).set(a.headers).buffer(true).parse(binary).expect(200);
    expect(res.headers["content-type"]).toBe("image/jpeg");
    expect(res.headers["content-disposition"]).toBe('inline; filename="my rx.jpg"');
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toMatch(/default-src 'none'/);
    expect((res.body as Buffer).includes(Buffer.from("GPS 12.97N"))).toBe(false);
  });

  it("a PDF: sandboxed, and a download the browser never opens itself (it may carry JavaScript; issue 26)", async () => {
    const res = await api().get(`/api/prescriptions/${aPdf._id}/file`).set(admin.headers).buffer(true).parse(binary).expect(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-security-policy"]).toMatch(/^sandbox/);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="/);
    expect((res.body as Buffer).equals(PDF)).toBe(true);
  });

  it("is never reachable under /images, and never in the sitemap", async () => {
    const [name] = await storedFiles();
    for (const url of [`/images/prescriptions/${name}`, `/images/uploads/../prescriptions/${name}`, `/images/uploads/${name}`]) {
      const res = await api().get(url);
      expect(res.status).not.toBe(200);
    }
    const sitemap = await api().get("/sitemap.xml");
    expect(sitemap.text ?? "").not.toMatch(/prescription/i);
  });
});

describe("rate limit", () => {
  it("uploads per user are limited (429 with Retry-After)", async () => {
    const limited = await createTestShop({ RATE_LIMIT_SCALE: "0.1" });
    try {
      const user = await createCustomer(limited.context);
      const send = () => request(limited.app).post("/api/prescriptions").set(user.headers).attach("file", PDF, "rx.pdf");
      await send().expect(201);
      await send().expect(201);
      const res = await send().expect(429);
      expect(res.headers["retry-after"]).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });
});
