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

/** An admin list's answer to its query: one page of it, or the parameters its schema refused (400 from the API). */
export type Listed<T> = ({ ok: true } & Page<T>) | InvalidInput;

/**
 * An admin page's address as its list's query. The API answers 400 to a parameter the list's
 * schema refuses; a page never refuses a link, so it lists as if that parameter were absent (its
 * default: page 1, no filter). Values are cut at 200 characters, as long as a search may be, and
 * `limit` is never read: a page shows its list's own page size.
 */
export function pageQuery<S extends z.core.$ZodType<object>>(schema: S, url: URL): z.infer<S> {
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    if (name !== "limit" && !(name in query)) query[name] = value.slice(0, 200);
  }
  for (;;) {
    const result = z.safeParse(schema, query);
    if (result.success) return result.data;
    const refused = Object.keys(fieldErrors(result.error)).filter((name) => name in query);
    // Only a rule over no parameter of the address could be left, and no list has one.
    if (refused.length === 0) throw result.error;
    for (const name of refused) delete query[name];
  }
}

/** The page of a list asked with pageQuery's query, which the list's schema has passed already. */
export function pageOf<T>(listed: Listed<T>): Page<T> {
  if (!listed.ok) throw new Error(`A page's list query was refused: ${Object.keys(listed.errors).join(", ")}`);
  return listed;
}
