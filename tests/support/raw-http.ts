// HTTP/1.1 by hand over a TCP socket, for tests about connections (graceful shutdown): a request
// whose body arrives in two parts, a keep-alive connection left idle, a connection refused.
import { connect, type Socket } from "node:net";

export interface RawConnection {
  socket: Socket;
  /** Everything received so far. */
  received(): string;
  /** Resolves once the server has closed the connection (or it was reset). */
  closed: Promise<void>;
  /** Resolves once `pattern` appears in what was received. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
}

export function openConnection(url: string): Promise<RawConnection> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let data = "";
    const listeners = new Set<() => void>();
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      data += chunk;
      for (const listener of [...listeners]) listener();
    });
    const closed = new Promise<void>((done) => socket.on("close", () => done()));
    socket.once("error", reject);
    socket.once("connect", () => {
      socket.off("error", reject);
      socket.on("error", () => {});
      resolve({
        socket,
        received: () => data,
        closed,
        waitFor(pattern, timeoutMs = 15_000) {
          return new Promise((done, fail) => {
            const check = () => {
              if (!pattern.test(data)) return;
              listeners.delete(check);
              clearTimeout(timer);
              done(data);
            };
            const timer = setTimeout(() => {
              listeners.delete(check);
              fail(new Error(`waited ${timeoutMs} ms for ${pattern} and received:\n${data}`));
            }, timeoutMs);
            listeners.add(check);
            void closed.then(() => {
              if (listeners.has(check)) {
                check();
                if (listeners.has(check)) {
                  listeners.delete(check);
                  clearTimeout(timer);
                  fail(new Error(`the connection closed before ${pattern}; received:\n${data}`));
                }
              }
            });
            check();
          });
        },
      });
    });
  });
}

/** Resolves with the connection error's code once connecting fails (ECONNREFUSED), polling for up to `timeoutMs`. */
export async function waitUntilRefused(url: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const connection = await openConnection(url);
      connection.socket.destroy();
    } catch (error) {
      return (error as NodeJS.ErrnoException).code ?? String(error);
    }
    if (Date.now() > deadline) throw new Error(`${url} still accepted connections after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts POST `path` with a JSON body and sends only its first half, asking `Expect: 100-continue`
 * so that the server's "100 Continue" proves the request has reached the application. `finish()`
 * sends the rest; `response` resolves with the whole answer once the server closes or completes it.
 */
export async function startSlowPost(url: string, path: string, body: unknown) {
  const connection = await openConnection(url);
  const bytes = Buffer.from(JSON.stringify(body));
  const half = Math.floor(bytes.length / 2);
  connection.socket.write(
    `POST ${path} HTTP/1.1\r\nHost: ${new URL(url).host}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${bytes.length}\r\nExpect: 100-continue\r\nConnection: keep-alive\r\n\r\n`,
  );
  await connection.waitFor(/^HTTP\/1\.1 100 Continue\r\n\r\n/);
  connection.socket.write(bytes.subarray(0, half));
  return {
    connection,
    finish() {
      connection.socket.write(bytes.subarray(half));
    },
  };
}

/** The final answer in what a connection received (after any 100 Continue): status, headers (lower-cased names), body. */
export function parseResponse(raw: string): { status: number; headers: Record<string, string>; body: string } {
  const text = raw.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, "");
  const [head = "", ...rest] = text.split("\r\n\r\n");
  const [statusLine = "", ...headerLines] = head.split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") };
}
