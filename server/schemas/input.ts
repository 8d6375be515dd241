import * as z from "zod/mini";
import { fieldErrors } from "#server/schemas/field-errors.ts";

/** A body that did not pass the use case's schema: a message per field (the reply table makes it a 400). */
export interface InvalidInput {
  ok: false;
  reason: "invalid";
  errors: Record<string, string>;
}

/**
 * Reads an admin change's input (a JSON body or a page's form fields) with its schema. Both doors
 * hand the raw body to the use case, so the API and the pages validate alike.
 */
export function readInput<S extends z.core.$ZodType>(schema: S, body: unknown): { ok: true; input: z.infer<S> } | InvalidInput {
  const result = z.safeParse(schema, body ?? {});
  return result.success ? { ok: true, input: result.data } : { ok: false, reason: "invalid", errors: fieldErrors(result.error) };
}

/**
 * Reads a list's query with its schema: Express's `req.query` or a page's URL search parameters
 * (their first value per name, as Express gives `?a=1&a=2` as a list the schemas read the first of).
 */
export function readQuery<S extends z.core.$ZodType>(schema: S, query: unknown): { ok: true; input: z.infer<S> } | InvalidInput {
  return readInput(schema, query instanceof URLSearchParams ? firstValues(query) : query);
}

function firstValues(params: URLSearchParams): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of params) values[name] ??= value;
  return values;
}
