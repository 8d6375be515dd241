import { data, type AppLoadContext } from "react-router";
import type { SessionUser } from "#server/auth.ts";
import type { Reply } from "#server/replies.ts";
import type { ActionResult } from "~/components/admin/confirm-delete";

/** The signed-in admin making a change (the route's requireAdmin has run): the audit log's actor. */
export function changedBy(context: AppLoadContext): SessionUser {
  if (!context.user) throw new Error("An admin change without a signed-in user");
  return context.user;
}

/**
 * Runs an admin change and answers the page with its module's reply (server/modules/<area>/replies.ts,
 * the same table the admin API answers with): its success
 * message, or its refusal (field messages, "you cannot delete yourself", a duplicate email) with
 * its status. Unexpected failures are logged and answered with the page's own failure text, never a stack.
 */
export async function adminAction(context: AppLoadContext, failure: string, change: () => Promise<Reply>) {
  try {
    const reply = await change();
    if (reply.status >= 400) {
      return data<ActionResult>({ ok: false, message: reply.message, errors: reply.errors }, { status: reply.status });
    }
    return data<ActionResult>({ ok: true, message: reply.message });
  } catch (error) {
    context.shop.logger.error({ err: error, requestId: context.requestId }, failure);
    return data<ActionResult>({ ok: false, message: failure }, { status: 500 });
  }
}
