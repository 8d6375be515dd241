// What the two kinds of kept answers (page-cache.ts, finished-responses.ts) share: collecting what
// the app sent, and the two values of the request it was made for in it.
import type { Response } from "express";

/**
 * A finished answer kept to be answered again carries two values of the request it was made
 * for: the CSP nonce and the request id. They are cut out of the kept text once and filled in
 * again with each new response's own values.
 */
export interface CutText {
  /** The text between the values (one more than `gaps`). */
  parts: string[];
  /** For each gap between parts: true for the nonce, false for the request id. */
  gaps: boolean[];
}

export function cutOut(text: string, nonce: string, requestId: string): CutText {
  const parts: string[] = [];
  const gaps: boolean[] = [];
  let from = 0;
  for (;;) {
    const atNonce = nonce ? text.indexOf(nonce, from) : -1;
    const atId = requestId ? text.indexOf(requestId, from) : -1;
    if (atNonce < 0 && atId < 0) break;
    const isNonce = atId < 0 || (atNonce >= 0 && atNonce < atId);
    const at = isNonce ? atNonce : atId;
    parts.push(text.slice(from, at));
    gaps.push(isNonce);
    from = at + (isNonce ? nonce : requestId).length;
  }
  parts.push(text.slice(from));
  return { parts, gaps };
}

/** The pieces of a cut text with this response's nonce and request id in its gaps, in order. */
export function fillIn<T>(parts: readonly T[], gaps: readonly boolean[], nonce: T, requestId: T): T[] {
  const pieces: T[] = [parts[0] as T];
  for (let i = 0; i < gaps.length; i++) pieces.push(gaps[i] ? nonce : requestId, parts[i + 1] as T);
  return pieces;
}

/**
 * Collects the bytes the app sends through `res` (while `wanted()` says so, up to `maxBytes`)
 * and hands them to `onEnd` once the response has ended and its headers are final; `undefined`
 * when they were more than `maxBytes`.
 */
export function collectSent(
  res: Response,
  maxBytes: number,
  onEnd: (body: Buffer | undefined) => void,
  wanted: () => boolean = () => true,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const collect = (chunk: unknown, encoding: unknown) => {
    if (size > maxBytes || chunk === undefined || chunk === null || typeof chunk === "function" || !wanted()) return;
    const buffer =
      typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
        : Buffer.from(chunk as Uint8Array);
    chunks.push(buffer);
    size += buffer.length;
  };
  const write = res.write as (...args: unknown[]) => boolean;
  const end = res.end as (...args: unknown[]) => Response;
  res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
    collect(chunk, rest[0]);
    return write.call(this, chunk, ...rest);
  } as Response["write"];
  res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
    collect(chunk, rest[0]);
    const result = end.call(this, chunk, ...rest);
    onEnd(size <= maxBytes ? Buffer.concat(chunks) : undefined);
    return result;
  } as Response["end"];
}
