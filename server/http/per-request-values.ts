/**
 * A finished answer kept to be answered again (page-cache.ts, finished-responses.ts) carries two
 * values of the request it was made for: the CSP nonce and the request id. They are cut out of
 * the kept text once and filled in again with each new response's own values.
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
