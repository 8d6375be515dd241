// The order page's "Return items" (decisions/032): the form's fields as the returns module's body.
import type { AppLoadContext } from "react-router";
import type { SessionUser } from "#server/auth.ts";
import { returnReply } from "#server/modules/returns/replies.ts";
import { orderAftercare, requestReturn } from "#server/modules/returns/returns.ts";

/** `qty:<orderLineId>` fields with a number above 0 become the lines; the rest as posted. */
export async function requestReturnFromPage(context: AppLoadContext, orderId: string, user: SessionUser, form: FormData) {
  const lines: { orderLineId: string; quantity: unknown }[] = [];
  for (const [name, value] of form.entries()) {
    if (!name.startsWith("qty:") || typeof value !== "string") continue;
    const text = value.trim();
    if (text === "" || text === "0") continue;
    lines.push({ orderLineId: name.slice(4), quantity: text });
  }
  const result = await requestReturn(context.shop, user, orderId, { lines: lines.slice(0, 101), reason: form.get("reason") ?? undefined, details: form.get("details") ?? undefined });
  const reply = returnReply.request(result);
  return { ok: result.ok, message: reply.message, errors: reply.errors, status: reply.status };
}

/** The order's shipment, credit notes, returns and what may still be returned (the caller checked the viewer may see the order). */
export function loadAftercare(context: AppLoadContext, orderId: string) {
  return orderAftercare(context.shop.db, orderId);
}
