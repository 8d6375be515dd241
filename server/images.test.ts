import { mkdir, readdir, readFile, stat, utimes, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import realSharp, { type SharpConstructor, type SharpInput, type SharpOptions } from "sharp";
import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { projectPath } from "#server/paths.ts";
import { createTestShop, type TestShop } from "#tests/support/test-shop.ts";
import { MALFORMED_MESSAGE } from "./http/reject-malformed.ts";
import { allowedWidth, resolveImagePath } from "./images.ts";

// Counts sharp pipelines the image route starts (it loads sharp with a dynamic import).
const sharpCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock("sharp", async (importOriginal) => {
  const real = ((await importOriginal()) as { default: SharpConstructor }).default;
  const counted = Object.assign((...args: [SharpInput?, SharpOptions?]) => {
    sharpCalls.count += 1;
    return real(...args);
  }, real);
  return { default: counted };
});

const PRODUCT = "/images/products/hp-kn-001.webp";
const AVIF = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
const WEBP = "image/webp,*/*";

let shop: TestShop;
let server: http.Server;
let uploads: string;
let cacheDir: string;

beforeAll(async () => {
  shop = await createTestShop();
  uploads = path.join(shop.config.dataDir, "uploads");
  cacheDir = path.join(shop.config.dataDir, "image-cache");
  await mkdir(path.join(uploads, "2026", "11"), { recursive: true });
  const pixels = { width: 1000, height: 500, channels: 3, background: { r: 200, g: 40, b: 90 } } as const;
  await realSharp({ create: pixels }).png().toFile(path.join(uploads, "banner.png"));
  await realSharp({ create: pixels }).jpeg().toFile(path.join(uploads, "2026", "11", "photo.jpg"));
  await writeFile(path.join(uploads, "notes.txt"), "not an image");
  await writeFile(path.join(uploads, "page.html"), "<script>alert(1)</script>");
  await mkdir(path.join(uploads, "folder.png"));
  await writeFile(path.join(uploads, "broken.webp"), "RIFF0000WEBPnot really");
  await writeFile(
    path.join(uploads, "logo.svg"),
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
  );
  server = http.createServer(shop.app).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await shop?.close();
});
beforeEach(() => {
  sharpCalls.count = 0;
});

/** A GET with the path sent exactly as written (supertest would normalise `..`). */
function rawGet(pathname: string): Promise<{ status: number; body: string }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: pathname }, (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, body }));
      })
      .on("error", reject);
  });
}

function get(pathname: string, accept?: string) {
  const req = request(shop.app).get(pathname).buffer(true).parse(binary);
  return accept ? req.set("Accept", accept) : req;
}

/** supertest's parser that keeps any body as a Buffer. */
function binary(res: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const stream = res as unknown as http.IncomingMessage;
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  stream.on("end", () => callback(null, Buffer.concat(chunks)));
}

function kind(body: Buffer): string {
  if (body.subarray(0, 4).toString("latin1") === "RIFF" && body.subarray(8, 12).toString("latin1") === "WEBP") return "webp";
  if (body.subarray(4, 8).toString("latin1") === "ftyp" && body.subarray(8, 12).toString("latin1") === "avif") return "avif";
  if (body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff) return "jpeg";
  return "unknown";
}

async function widthOf(body: Buffer): Promise<number | undefined> {
  return (await realSharp(body).metadata()).width;
}

async function cacheFiles(): Promise<string[]> {
  const entries = await readdir(cacheDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

describe("width rounding", () => {
  it("rounds up to the next allowed width", () => {
    expect([1, 80, 81, 250, 300, 301, 700, 1199, 1200, 5000].map(allowedWidth)).toEqual([
      80, 80, 160, 300, 300, 480, 800, 1200, 1200, 1200,
    ]);
  });

  it.each([
    ["1", 80],
    ["250", 300],
    ["300", 300],
    ["481", 640],
    ["1000", 800], // rounds to 1200, but the source is 800 wide and is never upscaled
    ["99999", 800],
  ])("w=%s renders %i pixels wide", async (w, expected) => {
    const res = await get(`${PRODUCT}?w=${w}`, WEBP);
    expect(res.status).toBe(200);
    expect(await widthOf(res.body)).toBe(expected);
  });

  it("resizes uploads to the rounded width too", async () => {
    const res = await get("/images/uploads/banner.png?w=700", "image/png");
    expect(res.status).toBe(200);
    expect(await widthOf(res.body)).toBe(800);
  });
});

describe("format negotiation", () => {
  it("answers AVIF when the browser lists image/avif", async () => {
    const res = await get(`${PRODUCT}?w=300`, AVIF);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/avif");
    expect(kind(res.body)).toBe("avif");
    expect(res.headers.vary).toMatch(/\bAccept\b/);
  });

  it("answers WebP when the browser lists image/webp but not AVIF", async () => {
    const res = await get("/images/uploads/2026/11/photo.jpg?w=300", WEBP);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(kind(res.body)).toBe("webp");
    expect(res.headers.vary).toMatch(/\bAccept\b/);
  });

  it("keeps the original format otherwise", async () => {
    const jpeg = await get("/images/uploads/2026/11/photo.jpg?w=300", "image/png,image/*;q=0.8");
    expect(jpeg.headers["content-type"]).toBe("image/jpeg");
    expect(kind(jpeg.body)).toBe("jpeg");
    const png = await get("/images/uploads/banner.png?w=160");
    expect(png.headers["content-type"]).toBe("image/png");
    expect(kind(png.body)).toBe("png");
    const webp = await get(`${PRODUCT}?w=160`, "*/*");
    expect(kind(webp.body)).toBe("webp");
  });

  it("ignores a type refused with q=0", async () => {
    const res = await get(`${PRODUCT}?w=160`, "image/avif;q=0,image/webp");
    expect(kind(res.body)).toBe("webp");
  });

  it("gives each format its own ETag", async () => {
    const avif = await get(`${PRODUCT}?w=160`, AVIF);
    const webp = await get(`${PRODUCT}?w=160`, WEBP);
    expect(avif.headers.etag).not.toBe(webp.headers.etag);
  });

  it("serves the original bytes without w, whatever the Accept header", async () => {
    const original = await readFile(projectPath("public/images/products/hp-kn-001.webp"));
    const res = await get(PRODUCT, AVIF);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.body.equals(original)).toBe(true);
    expect(res.headers.vary ?? "").not.toMatch(/\bAccept\b/);
    expect(sharpCalls.count).toBe(0);
  });
});

describe("caching headers", () => {
  it("marks variants and originals immutable with a strong ETag and a Content-Length", async () => {
    for (const url of [`${PRODUCT}?w=480`, PRODUCT]) {
      const res = await get(url, AVIF);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers.etag).toMatch(/^"[^"]+"$/);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(Number(res.headers["content-length"])).toBe(res.body.length);
    }
  });

  it("answers 304 to If-None-Match, without rendering", async () => {
    for (const url of [`${PRODUCT}?w=640`, PRODUCT]) {
      const first = await get(url, AVIF);
      sharpCalls.count = 0;
      const again = await get(url, AVIF).set("If-None-Match", `"other", ${first.headers.etag}`);
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(sharpCalls.count).toBe(0);
    }
    const changed = await get(`${PRODUCT}?w=640`, WEBP).set("If-None-Match", (await get(`${PRODUCT}?w=640`, AVIF)).headers.etag!);
    expect(changed.status).toBe(200);
  });

  it("answers HEAD with the headers only", async () => {
    const res = await request(shop.app).head(`${PRODUCT}?w=300`).set("Accept", AVIF);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/avif");
    expect(Number(res.headers["content-length"])).toBeGreaterThan(0);
  });
});

describe("disk cache", () => {
  it("renders a variant once, stores it atomically and serves the stored file afterwards", async () => {
    const url = "/images/products/hp-kn-002.webp?w=300";
    const before = await cacheFiles();
    const first = await get(url, AVIF);
    expect(sharpCalls.count).toBe(1);
    const created = (await cacheFiles()).filter((file) => !before.includes(file));
    expect(created).toHaveLength(1);
    expect(created[0]).toMatch(/\.avif$/);
    expect((await readFile(created[0]!)).equals(first.body)).toBe(true);
    expect((await readdir(path.dirname(created[0]!))).some((name) => name.endsWith(".tmp"))).toBe(false);

    const second = await get(url, AVIF);
    expect(sharpCalls.count).toBe(1);
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);

    // Proof the answer comes from disk: whatever the cache file holds is what is served.
    const marker = await realSharp({ create: { width: 3, height: 3, channels: 3, background: "#fff" } }).avif().toBuffer();
    await writeFile(created[0]!, marker);
    expect((await get(url, AVIF)).body.equals(marker)).toBe(true);
  });

  it("renders concurrent first requests for one variant once", async () => {
    const url = "/images/products/hp-kn-003.webp?w=480";
    const responses = await Promise.all(Array.from({ length: 6 }, () => get(url, AVIF)));
    expect(responses.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(responses.map((res) => res.body.toString("base64"))).size).toBe(1);
    expect(sharpCalls.count).toBe(1);
  });

  it("renders afresh when the source file changes", async () => {
    const url = "/images/uploads/banner.png?w=80";
    const first = await get(url, WEBP);
    await utimes(path.join(uploads, "banner.png"), new Date(), new Date(Date.now() + 60_000));
    sharpCalls.count = 0;
    const second = await get(url, WEBP);
    expect(sharpCalls.count).toBe(1);
    expect(second.headers.etag).not.toBe(first.headers.etag);
  });
});

describe("what is not served", () => {
  it.each([
    "/images/../package.json",
    "/images/products/../../package.json",
    "/images/%2e%2e/package.json",
    "/images/%2E%2E/%2E%2E/package.json",
    "/images/products/..%2f..%2f..%2fpackage.json",
    "/images/products%2f..%2f..%2fpublic%2ffavicon.svg",
    "/images/..%5c..%5cpublic%5cfavicon.svg",
    "/images/uploads/../../../etc/passwd",
    "/images/uploads/%2e%2e/image-cache/x.avif",
    "/images/%252e%252e/package.json",
    "/images/./products/hp-kn-001.webp",
    "/images//products/hp-kn-001.webp",
    "/images/.hidden.png",
  ])("refuses %s with 404", async (pathname) => {
    const res = await rawGet(pathname);
    // Answered by the image route itself, not by anything behind it.
    expect(res).toEqual({ status: 404, body: "Not found" });
  });

  it.each(["/images/products/hp-kn-001.webp%00.png", "/images/products/hp-kn-001.webp%00", "/images/products/%"])(
    "refuses the malformed %s with 400 before the image route (decisions/013)",
    async (pathname) => {
      const res = await rawGet(pathname);
      expect(res.status).toBe(400);
      expect(res.body).toContain(MALFORMED_MESSAGE);
    },
  );

  it.each([
    "/images/uploads/notes.txt",
    "/images/uploads/page.html",
    "/images/uploads/folder.png",
    "/images/products",
    "/images/products/",
    "/images",
    "/images/products/missing.webp",
    "/images/products/missing.webp?w=300",
    "/images/uploads/missing.png",
    "/images/uploads",
  ])("answers 404 for %s", async (pathname) => {
    expect(await rawGet(pathname)).toEqual({ status: 404, body: "Not found" });
  });

  it.each(["abc", "-5", "0", "3.5", "1e3", "", "300px"])("answers 400 to w=%s", async (w) => {
    const res = await get(`${PRODUCT}?w=${w}`);
    expect(res.status).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
  });

  it("answers 400 to a repeated w", async () => {
    expect((await get(`${PRODUCT}?w=300&w=480`)).status).toBe(400);
  });

  it("answers 422, uncached, for a file that is not really an image", async () => {
    const res = await get("/images/uploads/broken.webp?w=300", WEBP);
    expect(res.status).toBe(422);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("answers only GET and HEAD", async () => {
    const res = await request(shop.app).post(PRODUCT);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe("GET, HEAD");
  });
});

describe("sources", () => {
  it("serves uploads from DATA_DIR/uploads", async () => {
    const res = await get("/images/uploads/2026/11/photo.jpg");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/jpeg");
    expect(res.body.equals(await readFile(path.join(uploads, "2026", "11", "photo.jpg")))).toBe(true);
    expect(Number(res.headers["content-length"])).toBe((await stat(path.join(uploads, "2026", "11", "photo.jpg"))).size);
  });

  it("serves demo files from public/images", async () => {
    const res = await get("/images/articles/pcos-vs-pcod.webp?w=160", WEBP);
    expect(res.status).toBe(200);
    expect(await widthOf(res.body)).toBe(160);
  });

  it("resolves paths only below the two roots", () => {
    const roots = { public: "/srv/public/images", uploads: "/data/uploads" };
    expect(resolveImagePath("/products/a.webp", roots)?.file).toBe("/srv/public/images/products/a.webp");
    expect(resolveImagePath("/uploads/x/b.PNG", roots)).toMatchObject({ root: "uploads", file: "/data/uploads/x/b.PNG" });
    expect(resolveImagePath("/uploads/", roots)).toBeNull();
    expect(resolveImagePath("/products/a.gif", roots)).toBeNull();
    expect(resolveImagePath("/products/%2e%2e/a.webp", roots)).toBeNull();
  });
});

describe("SVG", () => {
  it.each(["/images/placeholder-product.svg", "/images/site/map.svg", "/images/uploads/logo.svg", "/images/uploads/logo.svg?w=300"])(
    "serves %s as is, under a policy that runs nothing",
    async (url) => {
      const res = await get(url, AVIF);
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toBe("image/svg+xml");
      expect(res.headers["content-security-policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.body.toString("utf8")).toContain("<svg");
      expect(sharpCalls.count).toBe(0);
    },
  );
});
