import * as z from "zod/mini";
import type { Page } from "#server/db/page.ts";
import { fieldErrors } from "#server/schemas/field-errors.ts";

/** A body that did not pass the use case's schema: a message per field (the reply table makes it a 400). */
export interface InvalidInput {
  ok: false;
  reason: "invalid";
  errors: Record<string, string>;
}

/**
 * Reads a use case's input with its schema: an admin change's JSON body or page form fields, an
 * admin list's query. Both doors hand the raw input to the use case, so the API and the pages
 * validate alike.
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

/**
 * An admin list's answer to its query: one page of it with the query as read (the filters a page
 * shows again), or the parameters its schema refused (400 from the API; a page leaves them out).
 */
export type Listed<T, Q = unknown> = ({ ok: true; query: Q } & Page<T>) | InvalidInput;

/** The page of a list asked with a query its schema passes (a list read in code, not from an address). */
export function pageOf<T, Q>(listed: Listed<T, Q>): Page<T> & { query: Q } {
  if (!listed.ok) throw new Error(`A page's list query was refused: ${Object.keys(listed.errors).join(", ")}`);
  return listed;
}
