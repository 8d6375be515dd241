// POST /api/upload (api-contract.md, "Admin" and "Images"): admins only; JPEG, PNG, WebP and
// AVIF up to 5 MB, recognised by their bytes and not their names; re-encoded without metadata;
// served from /images/uploads/... resized and format-negotiated like the demo images.
import { readdir, readFile, utimes } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import sharp from "sharp";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { orderLines } from "#server/db/schema.ts";
import { removeUnusedUploads, sniffImageFormat } from "#server/modules/uploads/images.ts";
import { insertOrder } from "../support/orders.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, type TestUser } from "../support/users.ts";

let shop: TestShop;
let admin: TestUser;

const api = () => request(shop.app);
const upload = (bytes: Buffer, filename: string, field = "image") =>
  api().post("/api/upload").set(admin.headers).attach(field, bytes, filename);
const uploadsDir = () => path.join(shop.config.dataDir, "uploads");
const storedFiles = async () => (await readdir(uploadsDir()).catch(() => [])).filter((name) => !name.endsWith(".tmp"));

/** A real photo-like image (gradient noise) in each accepted format, with EXIF that must not survive. */
async function sample(format: "jpeg" | "png" | "webp" | "avif", width = 320, height = 200): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7 + (i >> 5)) % 256;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif({ IFD0: { Artist: "Secret Photographer", Copyright: "gps-and-secrets" } })
    .toFormat(format)
    .toBuffer();
}

beforeAll(async () => {
  shop = await createTestShop();
  admin = await createAdmin(shop.context);
});
afterAll(() => shop?.close());

describe("accepted images", () => {
  it.each(["jpeg", "png", "webp", "avif"] as const)("stores a %s as a metadata-free WebP and answers 201 { imageUrl }", async (format) => {
    const bytes = await sample(format);
    expect((await sharp(bytes).metadata()).exif).toBeDefined();
    // The name says nothing: only the bytes count.
    const res = await upload(bytes, "photo.bin").expect(201);
    expect(Object.keys(res.body)).toEqual(["imageUrl"]);
    expect(res.body.imageUrl).toMatch(/^\/images\/uploads\/[0-9a-f]{32}\.webp$/);

    const stored = await readFile(path.join(uploadsDir(), path.basename(res.body.imageUrl)));
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 320, height: 200 });
    expect(metadata.exif).toBeUndefined();
    expect(stored.includes(Buffer.from("Secret Photographer"))).toBe(false);
  });

  it("scales very large images down to 2400 px and keeps small ones as they are", async () => {
    const big = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: "#36c" } }).png().toBuffer();
    const res = await upload(big, "big.png").expect(201);
    const stored = await sharp(path.join(uploadsDir(), path.basename(res.body.imageUrl))).metadata();
    expect([stored.width, stored.height]).toEqual([2400, 1200]);
  });

  it("serves an upload at /images/uploads/... resized, format-negotiated and immutable, and shows it on a product", async () => {
    const res = await upload(await sample("jpeg", 1000, 600), "pack.jpg").expect(201);
    const url: string = res.body.imageUrl;

    const original = await api().get(url).expect(200);
    expect(original.headers["content-type"]).toBe("image/webp");
    expect(original.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

    const avif = await api().get(`${url}?w=300`).set("Accept", "image/avif,image/webp,*/*").buffer(true).parse(binary).expect(200);
    expect(avif.headers["content-type"]).toBe("image/avif");
    expect(avif.headers.vary).toBe("Accept");
    expect(avif.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await sharp(avif.body as Buffer).metadata()).width).toBeLessThanOrEqual(320);

    const webp = await api().get(`${url}?w=300`).set("Accept", "image/webp").buffer(true).parse(binary).expect(200);
    expect(webp.headers["content-type"]).toBe("image/webp");
    const resized = await sharp(webp.body as Buffer).metadata();
    expect(resized.width).toBeGreaterThanOrEqual(300);
    expect(resized.width).toBeLessThan(1000);

    const created = await api()
      .post("/api/admin/products")
      .set(admin.headers)
      .send({ name: "Uploaded Pack", description: "D", category: "Women Care", price: 99, images: [{ url, altText: "Uploaded pack" }] })
      .expect(201);
    const shown = await api().get(`/api/products/${created.body._id}`).expect(200);
    expect(shown.body.images).toEqual([{ url, altText: "Uploaded pack" }]);
  });
});

describe("several uploads at once", () => {
  it("are all stored under distinct names, and a bad one in between does not hold up the rest", async () => {
    const good = await Promise.all([sample("png", 40, 40), sample("jpeg", 50, 50), sample("webp", 60, 60)]);
    const bad = (await sample("png")).subarray(0, 300);
    const responses = await Promise.all([
      upload(good[0]!, "a.png"),
      upload(bad, "bad.png"),
      upload(good[1]!, "b.jpg"),
      upload(good[2]!, "c.webp"),
    ]);
    expect(responses.map((res) => res.status)).toEqual([201, 400, 201, 201]);
    const urls = responses.filter((res) => res.status === 201).map((res) => res.body.imageUrl as string);
    expect(new Set(urls).size).toBe(3);
    const widths = await Promise.all(urls.map(async (url) => (await sharp(path.join(uploadsDir(), path.basename(url))).metadata()).width));
    expect(widths).toEqual([40, 50, 60]);
  });
});

describe("refused uploads", () => {
  it("answers 415 for a text file named .png, and stores nothing", async () => {
    const before = await storedFiles();
    const res = await upload(Buffer.from("just some text, not an image\n".repeat(20)), "fake.png").expect(415);
    expect(res.body.message).toBe("Only JPEG, PNG, WebP and AVIF images can be uploaded");
    expect(await storedFiles()).toEqual(before);
  });

  it("answers 415 for other image types (GIF, SVG, TIFF) whatever their names", async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#f00" } }).gif().toBuffer();
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#f00" } }).tiff().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><script>alert(1)</script></svg>');
    for (const [bytes, name] of [[gif, "a.jpg"], [tiff, "b.webp"], [svg, "c.png"]] as const) {
      await upload(bytes, name).expect(415);
    }
  });

  it("answers 400 for an image whose bytes start right but are cut off", async () => {
    const png = await sample("png");
    const res = await upload(png.subarray(0, 200), "cut.png").expect(400);
    expect(res.body.message).toBe("The image could not be read; it may be damaged");
  });

  it("answers 400 without an `image` part, and 415 for a body that is not multipart", async () => {
    const png = await sample("png", 16, 16);
    const wrongField = await upload(png, "a.png", "file").expect(400);
    expect(wrongField.body.message).toBe("Please choose an image to upload");
    const json = await api().post("/api/upload").set(admin.headers).send({ image: "data:image/png;base64,AAAA" }).expect(415);
    expect(json.body.message).toBe("Send the image as multipart/form-data in the field 'image'");
  });

  it("answers 413 for a file over 5 MB declared up front, and stores nothing", async () => {
    const before = await storedFiles();
    const huge = Buffer.concat([await sample("png", 16, 16), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await upload(huge, "huge.png");
    expect(res.status).toBe(413);
    expect(res.body.message).toBe("The image is too large (5 MB at most)");
    expect(await storedFiles()).toEqual(before);
  });

  it("answers 413 for a streamed (chunked) file over 5 MB, discarding the excess as it arrives", async () => {
    const { status, body } = await streamUpload(6 * 1024 * 1024);
    expect(status).toBe(413);
    expect(JSON.parse(body).message).toBe("The image is too large (5 MB at most)");
  });

  it("cuts off a streamed upload far over the limit instead of reading it to the end", async () => {
    const { status, body, sentBeforeAnswer } = await streamUpload(200 * 1024 * 1024);
    expect(status).toBe(413);
    expect(JSON.parse(body).message).toBe("The image is too large (5 MB at most)");
    expect(sentBeforeAnswer).toBeLessThan(100 * 1024 * 1024);
  });
});

describe("removeUnusedUploads", () => {
  it("deletes old uploads no product or order uses, and keeps the rest", async () => {
    const [forProduct, forOrder, unused, fresh] = await Promise.all(
      [10, 11, 12, 13].map(async (size) => (await upload(await sample("png", size, size), "x.png").expect(201)).body.imageUrl as string),
    );
    const name = (url: string) => path.basename(url);
    await api()
      .post("/api/admin/products")
      .set(admin.headers)
      .send({ name: "Kept Pack", description: "D", category: "Women Care", price: 10, images: [{ url: forProduct, altText: "pack" }] })
      .expect(201);
    const order = await insertOrder(shop.context);
    await shop.context.db.update(orderLines).set({ image: forOrder }).where(eq(orderLines.orderId, order.id));

    // Within the grace period nothing goes, used or not.
    expect(await removeUnusedUploads(shop.context.db, shop.config)).toEqual([]);

    const later = Date.now() + 60_000;
    const freshFile = path.join(uploadsDir(), name(fresh));
    await utimes(freshFile, new Date(later), new Date(later));
    const removed = await removeUnusedUploads(shop.context.db, shop.config, { graceMs: 30_000, now: later });
    expect(removed).toContain(name(unused));
    expect(removed).not.toContain(name(forProduct));
    expect(removed).not.toContain(name(forOrder));
    expect(removed).not.toContain(name(fresh));
    const left = await storedFiles();
    expect(left).toEqual(expect.arrayContaining([name(forProduct), name(forOrder), name(fresh)]));
    expect(left).not.toContain(name(unused));
    await api().get(forProduct).expect(200);
    await api().get(unused).expect(404);
  });
});

describe("sniffImageFormat", () => {
  it("recognises the four formats by their first bytes only", async () => {
    for (const format of ["jpeg", "png", "webp", "avif"] as const) {
      expect(sniffImageFormat(await sample(format, 8, 8))).toBe(format);
    }
    expect(sniffImageFormat(Buffer.from("GIF89a"))).toBeNull();
    expect(sniffImageFormat(Buffer.from("RIFF\0\0\0\0WAVEfmt "))).toBeNull();
    expect(sniffImageFormat(Buffer.from("\0\0\0\x18ftypmp42\0\0\0\0mp42isom"))).toBeNull();
    expect(sniffImageFormat(Buffer.alloc(0))).toBeNull();
  });
});

/** Collects a response body as bytes (supertest would otherwise try to parse images as text). */
const binary = ((res: NodeJS.ReadableStream, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on("data", (chunk: Buffer) => chunks.push(chunk));
  res.on("end", () => callback(null, Buffer.concat(chunks)));
}) as unknown as Parameters<request.Test["parse"]>[0];

/**
 * POSTs a multipart body whose `image` part is a small PNG followed by `extraBytes` of filler,
 * chunked (no Content-Length), through a real socket; stops sending once the answer arrives.
 */
async function streamUpload(extraBytes: number) {
  const server = http.createServer(shop.app).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const boundary = "----h4boundary";
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`);
    const png = await sample("png", 16, 16);
    return await new Promise<{ status: number; body: string; sentBeforeAnswer: number }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const req = http.request(
        {
          port,
          host: "127.0.0.1",
          method: "POST",
          path: "/api/upload",
          headers: { ...admin.headers, "Content-Type": `multipart/form-data; boundary=${boundary}`, "Transfer-Encoding": "chunked" },
        },
        (res) => {
          answered = true;
          const sentBeforeAnswer = sent;
          let text = "";
          res.on("data", (chunk) => (text += chunk));
          res.on("end", () => resolve({ status: res.statusCode!, body: text, sentBeforeAnswer }));
        },
      );
      // The server closing the connection after its answer is expected; anything before is not.
      req.on("error", (error) => {
        if (!answered) reject(error);
      });
      req.write(head);
      req.write(png);
      const chunk = Buffer.alloc(64 * 1024, 1);
      const pump = () => {
        while (sent < extraBytes && !answered && !req.destroyed) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        if (!answered && !req.destroyed) req.end(`\r\n--${boundary}--\r\n`);
      };
      pump();
    });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
