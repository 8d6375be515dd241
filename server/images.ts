// The image route (api-contract.md, "Images"): `/images/...` serves the demo images in
// public/images and the admins' uploads from the shop's store (server/storage: DATA_DIR/uploads
// or the S3 bucket). `?w=N` returns a copy resized to the next allowed width (common/images.ts)
// in the best format the browser accepts (AVIF, then WebP, else the original's), rendered once
// and kept in this machine's capped cache, DATA_DIR/image-cache (server/image-cache.ts).
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline, type Readable } from "node:stream";
import express, { type Request, type Response } from "express";
import type { Sharp, SharpConstructor } from "sharp";
import { IMAGE_WIDTHS } from "#common/images.ts";
import type { ShopContext } from "./context.ts";
import { createDiskCache } from "./image-cache.ts";
import { projectPath } from "./paths.ts";
import { isValidKey, type ObjectStorage } from "./storage/object-storage.ts";
import { storageFor, type StorageConfig } from "./storage/storage.ts";

type RasterFormat = "avif" | "webp" | "jpeg" | "png";

const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".avif": "image/avif",
  ".svg": "image/svg+xml",
};

const SOURCE_FORMATS: Record<string, RasterFormat> = {
  ".webp": "webp",
  ".png": "png",
  ".jpg": "jpeg",
  ".jpeg": "jpeg",
  ".avif": "avif",
};

const FORMAT_TYPES: Record<RasterFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
  png: "image/png",
};

const FORMAT_EXTENSIONS: Record<RasterFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg", png: "png" };

/** Encoder settings; part of the cache key, so changing them renders fresh variants. */
const ENCODERS = {
  // effort 2: about 150 ms per cold variant instead of 700 ms, for ~10% more bytes.
  avif: { quality: 50, effort: 2 },
  webp: { quality: 72 },
  jpeg: { quality: 78, mozjpeg: true },
  png: { compressionLevel: 9 },
} as const;

/** Demo files never change in place and uploads get unique names, so every answer is immutable. */
const IMMUTABLE = "public, max-age=31536000, immutable";
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";
/** Files up to this size are read whole; larger ones are streamed. */
const READ_WHOLE_LIMIT = 512 * 1024;
const WIDTH_PATTERN = /^[0-9]{1,6}$/;

let sharpModule: Promise<SharpConstructor> | undefined;

/** sharp is loaded on the first resize, keeping it off the start-up path. */
function loadSharp(): Promise<SharpConstructor> {
  sharpModule ??= import("sharp").then(({ default: sharp }) => {
    // Variants are cached on disk; libvips' own operation cache would only hold memory.
    sharp.cache(false);
    return sharp;
  });
  return sharpModule;
}

interface Source {
  /** Which root the file is under, part of the cache key. */
  root: "public" | "uploads";
  /** The path below that root, "/"-separated. */
  relative: string;
  file: string;
  extension: string;
}

/**
 * The file a request path names, or null for anything that is not a plain image path below one of
 * the roots: `..` and `.` segments (also percent-encoded), encoded slashes and backslashes, NUL,
 * hidden names, empty segments and extensions other than the image ones.
 */
export function resolveImagePath(requestPath: string, roots: { public: string; uploads: string }): Source | null {
  if (!requestPath.startsWith("/")) return null;
  const segments: string[] = [];
  for (const raw of requestPath.slice(1).split("/")) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === "" || segment.startsWith(".") || /[/\\\0]/.test(segment)) return null;
    segments.push(segment);
  }
  const extension = path.extname(segments[segments.length - 1] ?? "").toLowerCase();
  if (!(extension in CONTENT_TYPES)) return null;

  const uploads = segments[0] === "uploads";
  const relativeSegments = uploads ? segments.slice(1) : segments;
  if (relativeSegments.length === 0) return null;
  const base = uploads ? roots.uploads : roots.public;
  const file = path.resolve(base, ...relativeSegments);
  if (!file.startsWith(base + path.sep)) return null;
  return { root: uploads ? "uploads" : "public", relative: relativeSegments.join("/"), file, extension };
}

/** The allowed width a requested one rounds up to (the largest for anything wider). */
export function allowedWidth(requested: number): number {
  return IMAGE_WIDTHS.find((width) => width >= requested) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
}

/** Whether an Accept header lists a media type explicitly with a non-zero quality. */
function acceptsType(accept: string | undefined, type: string): boolean {
  if (!accept) return false;
  for (const part of accept.split(",")) {
    const [media, ...parameters] = part.split(";");
    if (media?.trim().toLowerCase() !== type) continue;
    const quality = parameters.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith("q="));
    return quality === undefined || Number(quality.slice(2)) > 0;
  }
  return false;
}

function negotiateFormat(accept: string | undefined, original: RasterFormat): RasterFormat {
  if (acceptsType(accept, "image/avif")) return "avif";
  if (acceptsType(accept, "image/webp")) return "webp";
  return original;
}

/** True when If-None-Match names this (strong) ETag; weak comparison, as RFC 9110 asks for GET. */
function notModified(req: Request, etag: string): boolean {
  const header = req.headers["if-none-match"];
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

function sendPlain(res: Response, status: number, message: string) {
  res.status(status).set("Cache-Control", "no-store").type("text/plain").send(message);
}

interface SourceInfo {
  size: number;
  modifiedMs: number;
}

/** The store's key of an upload (uploads/...); null for the shop's own images or a name the store cannot hold. */
function uploadKey(source: Source): string | null {
  if (source.root !== "uploads") return null;
  const key = `uploads/${source.relative}`;
  return isValidKey(key) ? key : null;
}

async function statSource(source: Source, store: ObjectStorage): Promise<SourceInfo | null> {
  if (source.root === "uploads") {
    const key = uploadKey(source);
    return key ? store.stat(key) : null;
  }
  try {
    const stats = await stat(source.file);
    return stats.isFile() ? { size: stats.size, modifiedMs: stats.mtimeMs } : null;
  } catch {
    return null;
  }
}

/** Where `/images/...` files live: the shop's own under public/images, uploads under DATA_DIR/uploads. */
export function imageRoots(dataDir: string): { public: string; uploads: string } {
  return { public: path.resolve(projectPath("public", "images")), uploads: path.resolve(dataDir, "uploads") };
}

/** Whether an image address (`/images/...`) names a file the image route serves (the catalogue import checks each). */
export async function imageFileExists(config: StorageConfig, url: string): Promise<boolean> {
  if (!url.startsWith("/images/")) return false;
  const source = resolveImagePath(url.slice("/images".length), imageRoots(config.dataDir));
  if (!source) return false;
  return (await statSource(source, storageFor(config)).catch(() => null)) !== null;
}

/** The `/images` router: mount it before the React Router handler (and before static assets). */
export function imageRouter(shop: ShopContext) {
  const { config, logger } = shop;
  const roots = imageRoots(config.dataDir);
  const store = storageFor(config);
  const cache = createDiskCache({
    dir: path.resolve(config.dataDir, "image-cache"),
    maxBytes: config.imageCacheMaxBytes,
    onError: (error, message) => logger.warn({ err: error }, message),
  });
  const encoderVersion = JSON.stringify(ENCODERS);
  /**
   * On S3 an upload's size and time cost a request to the bucket; uploads never change (unique
   * names), so they are remembered for a few minutes. An unused upload removed meanwhile may be
   * answered from the cache that long.
   */
  const remembered = new Map<string, { info: SourceInfo; until: number }>();
  async function sourceInfo(source: Source): Promise<SourceInfo | null> {
    if (store.kind !== "s3" || source.root !== "uploads") return statSource(source, store);
    const known = remembered.get(source.relative);
    if (known && known.until > Date.now()) return known.info;
    const info = await statSource(source, store);
    if (remembered.size >= 10_000) remembered.clear();
    if (info) remembered.set(source.relative, { info, until: Date.now() + 5 * 60_000 });
    else remembered.delete(source.relative);
    return info;
  }
  /** Variants being rendered: concurrent first requests share one sharp run. */
  const rendering = new Map<string, Promise<Buffer>>();

  async function renderVariant(source: Source, width: number, format: RasterFormat, cacheFile: string): Promise<Buffer> {
    // Another request may have finished this variant between our cache miss and now.
    const cached = await cache.read(cacheFile);
    if (cached) return cached;

    const sharp = await loadSharp();
    const key = uploadKey(source);
    const input = key ? await store.get(key) : source.file;
    if (!input) throw new Error(`the image ${key} is gone from the store`);
    let image: Sharp = sharp(input, { autoOrient: true }).resize({ width, withoutEnlargement: true });
    if (format === "avif") image = image.avif(ENCODERS.avif);
    else if (format === "webp") image = image.webp(ENCODERS.webp);
    else if (format === "jpeg") image = image.jpeg(ENCODERS.jpeg);
    else image = image.png(ENCODERS.png);
    const started = performance.now();
    const body = await image.toBuffer();
    logger.debug(
      { image: `${source.root}/${source.relative}`, width, format, bytes: body.length, ms: Math.round(performance.now() - started) },
      "image variant rendered",
    );

    await cache.write(cacheFile, body);
    return body;
  }

  async function variant(source: Source, width: number, format: RasterFormat, key: string) {
    const cacheFile = `${key.slice(0, 2)}/${key.slice(2)}.${FORMAT_EXTENSIONS[format]}`;
    const cached = await cache.read(cacheFile);
    if (cached) return cached;
    let pending = rendering.get(key);
    if (!pending) {
      pending = renderVariant(source, width, format, cacheFile).finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    return pending;
  }

  function sendBody(req: Request, res: Response, body: Buffer) {
    res.setHeader("Content-Length", body.length);
    if (req.method === "HEAD") res.end();
    else res.end(body);
  }

  async function sendOriginal(req: Request, res: Response, source: Source, stats: SourceInfo) {
    const key = uploadKey(source);
    if (req.method === "HEAD") {
      res.setHeader("Content-Length", stats.size);
      res.end();
      return;
    }
    if (stats.size <= READ_WHOLE_LIMIT) {
      const body = key ? await store.get(key) : await readFile(source.file);
      if (!body) return sendGone(res);
      res.setHeader("Content-Length", body.length);
      res.end(body);
      return;
    }
    const stream: Readable | null = key ? await store.stream(key) : createReadStream(source.file);
    if (!stream) return sendGone(res);
    res.setHeader("Content-Length", stats.size);
    pipeline(stream, res, (error) => {
      if (error && error.code !== "ERR_STREAM_PREMATURE_CLOSE") {
        logger.warn({ err: error, file: source.file }, "image stream failed");
      }
    });
  }

  /** The object went away between its stat and its read (an unused upload removed meanwhile). */
  function sendGone(res: Response) {
    for (const header of ["Cache-Control", "ETag", "Content-Type", "Content-Security-Policy"]) res.removeHeader(header);
    sendPlain(res, 404, "Not found");
  }

  async function handle(req: Request, res: Response) {
    const source = resolveImagePath(req.path, roots);
    if (!source) return sendPlain(res, 404, "Not found");

    const widthParameter = req.query.w;
    let width: number | undefined;
    if (widthParameter !== undefined) {
      const requested = typeof widthParameter === "string" && WIDTH_PATTERN.test(widthParameter) ? Number(widthParameter) : 0;
      if (requested < 1) return sendPlain(res, 400, "The w parameter must be a positive whole number of pixels");
      width = allowedWidth(requested);
    }

    const stats = await sourceInfo(source);
    if (!stats) return sendPlain(res, 404, "Not found");

    res.setHeader("Cache-Control", IMMUTABLE);
    res.setHeader("X-Content-Type-Options", "nosniff");

    const original = SOURCE_FORMATS[source.extension];
    if (width === undefined || !original) {
      // Originals and SVGs: the file's own bytes.
      const etag = `"${stats.size.toString(36)}-${Math.trunc(stats.modifiedMs).toString(36)}"`;
      res.setHeader("ETag", etag);
      res.setHeader("Content-Type", CONTENT_TYPES[source.extension]!);
      if (source.extension === ".svg") res.setHeader("Content-Security-Policy", SVG_POLICY);
      if (notModified(req, etag)) return void res.status(304).end();
      return sendOriginal(req, res, source, stats);
    }

    const format = negotiateFormat(req.headers.accept, original);
    const key = createHash("sha256")
      .update(
        JSON.stringify([encoderVersion, source.root, source.relative, stats.size, stats.modifiedMs, width, format]),
      )
      .digest("hex");
    const etag = `"${key.slice(0, 32)}"`;
    res.setHeader("Vary", "Accept");
    res.setHeader("ETag", etag);
    res.setHeader("Content-Type", FORMAT_TYPES[format]);
    if (notModified(req, etag)) return void res.status(304).end();

    let body: Buffer;
    try {
      body = await variant(source, width, format, key);
    } catch (error) {
      // An unreadable or corrupt source: the <img> falls back to its placeholder.
      logger.warn({ err: error, file: source.file }, "image could not be resized");
      for (const header of ["Cache-Control", "ETag", "Vary", "Content-Type"]) res.removeHeader(header);
      return sendPlain(res, 422, "The image could not be processed");
    }
    sendBody(req, res, body);
  }

  const router = express.Router();
  router.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      return sendPlain(res, 405, "Method not allowed");
    }
    handle(req, res).catch(next);
  });
  return router;
}
