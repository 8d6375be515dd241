import { data } from "react-router";
import { HttpError } from "#server/http/errors.ts";
import type { ActionResult } from "./confirm-delete";

/**
 * Runs an admin change and answers the page: its success message, or the server's refusal
 * (validation errors per field, "you cannot delete yourself", a duplicate email) with its status.
 * Unexpected failures are logged and answered with the page's own failure text, never a stack.
 */
export async function adminAction(
  context: { shop: { logger: { error: (...args: unknown[]) => void } }; requestId: string },
  failure: string,
  work: () => Promise<string>,
) {
  try {
    return data<ActionResult>({ ok: true, message: await work() });
  } catch (error) {
    if (error instanceof HttpError) {
      return data<ActionResult>({ ok: false, message: error.message, errors: error.errors }, { status: error.status });
    }
    context.shop.logger.error({ err: error, requestId: context.requestId }, failure);
    return data<ActionResult>({ ok: false, message: failure }, { status: 500 });
  }
}

/** A form's text field ("" when missing or a file). */
export function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
