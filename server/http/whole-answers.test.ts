// Small whole JSON answers are compressed at once (whole-answers.ts), the way the compression
// middleware would have compressed them: the same encoding for the same Accept-Encoding, the same
// bytes once decoded, and the same answers left alone.
import express from "express";
import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressAnswers } from "./whole-answers.ts";

let server: Server;
let whole = 0;

beforeAll(async () => {
  const app = express();
  app.use(compressAnswers());
  app.get("/json", (req, res) => {
    whole++;
    if (req.query.noTransform) res.setHeader("Cache-Control", "no-transform");
    res.json({ text: "ओषधि medicine ".repeat(Number(req.query.size) / 16) });
  });
  // The same kind of answer in two writes: only the middleware's stream can compress it.
  app.get("/streamed", (_req, res) => {
    res.type("json");
    res.write(`{"text":"${"ओषधि medicine ".repeat(60)}`);
    res.end(`${"ओषधि medicine ".repeat(60)}"}`);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function get(path: string, headers: Record<string, string>, method = "GET"): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

const DECODE: Record<string, (body: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync };
const decoded = (answer: { headers: Record<string, unknown>; body: Buffer }) =>
  JSON.parse((DECODE[String(answer.headers["content-encoding"])] ?? ((body: Buffer) => body))(answer.body).toString("utf8"));

describe("a whole JSON answer of 1–64 KB", () => {
  it.each(["gzip", "deflate", "br", "gzip, deflate, br, zstd", "deflate, gzip", "gzip;q=0.5, deflate", "br;q=0.1, gzip", "*", "identity", "zstd"])(
    "is encoded as the compression middleware encodes a streamed answer for Accept-Encoding: %s",
    async (accept) => {
      const before = whole;
      const [answer, streamed] = [await get("/json?size=2000", { "Accept-Encoding": accept }), await get("/streamed", { "Accept-Encoding": accept })];
      expect(whole).toBe(before + 1);
      expect(answer.headers["content-encoding"]).toBe(streamed.headers["content-encoding"]);
      expect(answer.headers.vary).toBe("Accept-Encoding");
      // Compressed in one piece: its length is known (the middleware's stream sends it chunked).
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
      expect(decoded(answer).text).toBe("ओषधि medicine ".repeat(125));
    },
  );

  it("is compressed when a browser asks (brotli), and smaller for it", async () => {
    const answer = await get("/json?size=2000", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.body.length).toBeLessThan(300);
  });

  it("is left alone below 1 KB, above 64 KB, with Cache-Control: no-transform, and for HEAD", async () => {
    const small = await get("/json?size=480", { "Accept-Encoding": "gzip" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(decoded(small).text).toBe("ओषधि medicine ".repeat(30));
    // Above 64 KB the middleware's stream compresses it, as before.
    const large = await get("/json?size=80000", { "Accept-Encoding": "gzip" });
    expect(large.headers["content-encoding"]).toBe("gzip");
    expect(large.headers["content-length"]).toBeUndefined();
    expect(decoded(large).text).toBe("ओषधि medicine ".repeat(5000));
    const noTransform = await get("/json?size=2000&noTransform=1", { "Accept-Encoding": "gzip" });
    expect(noTransform.headers["content-encoding"]).toBeUndefined();
    const head = await get("/json?size=2000", { "Accept-Encoding": "gzip" }, "HEAD");
    expect(head.headers["content-encoding"]).toBeUndefined();
    expect(head.body).toHaveLength(0);
  });
});
