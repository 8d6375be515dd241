import * as z from "zod/mini";
import { CHECK_DETAILS_MESSAGE } from "#common/messages.ts";
import { fieldErrors } from "#server/schemas/field-errors.ts";

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

/** A body that failed its check: the first field's message leads, every field keeps its own. */
export function invalidInputReply(errors: Record<string, string>, summary?: string): Reply {
  return { status: 400, message: summary ?? Object.values(errors)[0] ?? CHECK_DETAILS_MESSAGE, errors };
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

/** A use case's outcome as both doors answer it (a module's reply table): status, message, field errors, headers. */
export interface Reply {
  status: number;
  message: string;
  errors?: Record<string, string>;
  headers?: Record<string, string>;
}

/** A refusal from a module's reply table, as a REST handler throws it (the error handler writes the JSON). */
export function replyError(reply: Reply): HttpError {
  return new HttpError(reply.status, reply.message, reply.errors, reply.headers);
}
