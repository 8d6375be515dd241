import type { Response } from "express";
import type { Page } from "#server/db/page.ts";
import { replyError } from "#server/http/errors.ts";
import type { Reply } from "#server/replies.ts";

/** A page of a list: the array, with the count before paging in X-Total-Count. */
export function sendPage<T>(res: Response, page: Pick<Page<T>, "items" | "total">) {
  res.setHeader("X-Total-Count", String(page.total));
  res.json(page.items);
}

/** A CSV download under its file name. */
export function sendCsv(res: Response, fileName: string, csv: string) {
  res.setHeader("Content-Type", "text/csv; charset=utf-8");
  res.setHeader("Content-Disposition", `attachment; filename="${fileName}"`);
  res.send(csv);
}

/**
 * A use case's result with its reply from the module's reply table: a refusal is thrown for the
 * error handler to write; a success is returned for the handler to send with its record.
 */
export function accepted<R extends { ok: boolean }>(result: R, reply: Reply): Extract<R, { ok: true }> {
  if (!result.ok || reply.status >= 400) throw replyError(reply);
  return result as Extract<R, { ok: true }>;
}
