// An S3-compatible store on loopback for the tests (s3rver, files in a temporary directory),
// behind a small front that behaves like a private bucket: a request that carries no signature
// (no Authorization header, no X-Amz-Signature in the query) is refused with 403 AccessDenied,
// as AWS answers an anonymous read of a private object. s3rver itself accepts anyone. The front
// also records each request's method, path and headers for the tests to look at.
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, request as forward, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export interface TestS3 {
  /** The front's address: what S3_ENDPOINT points at. */
  endpoint: string;
  bucket: string;
  /** The S3_* variables for a shop using this store. */
  env: Record<string, string>;
  /** Every request the front passed on or refused. */
  requests: { method: string; path: string; headers: IncomingHttpHeaders; status: number }[];
  close(): Promise<void>;
}

export async function startTestS3(bucket = "shop-test"): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), "s3rver-"));
  const s3rver = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port: backPort } = (await s3rver.run()) as AddressInfo;
  const requests: TestS3["requests"] = [];

  const front: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const signed = req.headers.authorization !== undefined || url.searchParams.has("X-Amz-Signature");
    const record = { method: req.method ?? "", path: url.pathname, headers: req.headers, status: 0 };
    requests.push(record);
    if (!signed) {
      record.status = 403;
      req.resume();
      res.writeHead(403, { "Content-Type": "application/xml" });
      res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>');
      return;
    }
    const upstream = forward(
      { host: "127.0.0.1", port: backPort, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        record.status = answer.statusCode ?? 0;
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    requests,
    async close() {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      await s3rver.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
