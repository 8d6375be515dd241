import type { InvalidInput } from "#server/schemas/input.ts";

/**
 * An admin page's list: the URL's query through its area's list function, the one the API's GET
 * answers with. Where the API refuses a parameter it cannot read (400 with its message), a page
 * leaves that parameter out and shows the list without it: a mistyped or stale link shows every
 * status for an unknown one, the first page for page 0, the whole list for an overlong search.
 */
export async function listForPage<L extends { ok: true }>(
  list: (query: unknown) => Promise<L | InvalidInput>,
  url: URL,
): Promise<L & { leftOut: Record<string, string> }> {
  const query = new URLSearchParams(url.searchParams);
  const read = await list(query);
  if (read.ok) return { ...read, leftOut: {} };
  for (const name of Object.keys(read.errors)) query.delete(name);
  const readable = await list(query);
  // Every parameter of an admin list may be absent, so what is left is always readable.
  if (!readable.ok) throw new Error(`An admin list refused a query without its unreadable parameters: ${Object.keys(readable.errors).join(", ")}`);
  // The API's message for each parameter left out, for a page that shows it beside its field.
  return { ...readable, leftOut: read.errors };
}

/** Whether a list has a page after this one (the pager's Next). */
export const hasNextPage = (list: { page: number; limit: number; total: number }) => list.page * list.limit < list.total;
