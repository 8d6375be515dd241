// Graceful shutdown of one built shop process (decisions/036): on SIGTERM it stops accepting,
// closes idle keep-alive connections, lets the request in flight finish (its answer says
// Connection: close) and exits 0. The cluster's version is in cluster.test.ts.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openConnection, parseResponse, startSlowPost, waitUntilRefused } from "../support/raw-http.ts";
import { ensureBuild, freePort, startServer, waitUntilReady, withTimeout, type ServerProcess } from "../support/server-process.ts";

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("graceful shutdown", () => {
  it("on SIGTERM finishes the request in flight, refuses new connections, closes idle ones and exits 0", { timeout: 180_000 }, async () => {
    await ensureBuild();
    const dataDir = await mkdtemp(path.join(tmpdir(), "shutdown-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const server: ServerProcess = startServer(await freePort(), { DATA_DIR: dataDir, LOG_LEVEL: "info", SHUTDOWN_TIMEOUT_MS: "20000" });
    cleanups.push(async () => {
      if (server.child.exitCode === null) server.child.kill("SIGKILL");
      await server.exited;
    });
    await waitUntilReady(server, 120_000);

    // A keep-alive connection that has had its answer and sits idle.
    const idle = await openConnection(server.url);
    idle.socket.write(`GET /healthz HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\n\r\n`);
    await idle.waitFor(/\r\n\r\n[\s\S]+/);
    expect(parseResponse(idle.received()).status).toBe(200);

    // A contact message whose body is half sent: the shop has started on it (100 Continue).
    const slow = await startSlowPost(server.url, "/api/contact", {
      name: "Slow Sender",
      email: "slow.sender@example.com",
      message: "Sent while the shop was stopping.",
    });

    server.child.kill("SIGTERM");
    await withTimeout(idle.closed, 10_000, () => `the idle keep-alive connection stayed open:\n${server.output()}`);
    expect(await waitUntilRefused(server.url)).toBe("ECONNREFUSED");
    expect(server.child.exitCode).toBeNull();

    slow.finish();
    await withTimeout(slow.connection.closed, 15_000, () => `no complete answer: ${slow.connection.received()}\n${server.output()}`);
    const answer = parseResponse(slow.connection.received());
    expect(answer.status).toBe(201);
    expect(answer.headers.connection).toBe("close");
    expect(JSON.parse(answer.body)).toHaveProperty("message");

    expect(await withTimeout(server.exited, 20_000, () => `still running:\n${server.output()}`)).toBe(0);
    expect(server.output()).toMatch(/"msg":"shutting down: finishing the requests in flight"/);
    expect(server.output()).toMatch(/"msg":"stopped"/);
  });
});
