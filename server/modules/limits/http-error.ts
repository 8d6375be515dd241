import { HttpError } from "#server/http/errors.ts";
import { throttledReply, type Throttled } from "./limiter.ts";

/** A limiter's refusal as the REST API answers it: 429, the message and Retry-After. */
export function throttledError(refusal: Pick<Throttled, "limit" | "retryAfterSeconds">): HttpError {
  const reply = throttledReply(refusal);
  return new HttpError(reply.status, reply.message, undefined, reply.headers);
}
