import * as z from "zod/mini";
import { fieldErrors } from "#server/schemas/field-errors.ts";
import { invalidInputReply, type Reply } from "#server/replies.ts";

/** An expected failure that maps to a 4xx response with a message fit to show a shopper. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** Turns zod issues into `{ field: firstMessage }` and picks the first message as the summary. */
export function validationError(error: z.core.$ZodError, summary?: string): HttpError {
  return replyError(invalidInputReply(fieldErrors(error), summary));
}

/** Parses a request body with a zod schema, throwing a 400 HttpError with per-field messages. */
export function parseInput<S extends z.core.$ZodType>(schema: S, input: unknown, summary?: string): z.infer<S> {
  const result = z.safeParse(schema, input ?? {});
  if (!result.success) throw validationError(result.error, summary);
  return result.data;
}

/** A refusal from a module's reply table, as a REST handler throws it (the error handler writes the JSON). */
export function replyError(reply: Reply): HttpError {
  return new HttpError(reply.status, reply.message, reply.errors, reply.headers);
}
