import { Router, type Request, type Response } from "express";
import type { SessionUser } from "#server/auth.ts";
import type { ShopContext } from "#server/context.ts";
import { replyError } from "#server/http/errors.ts";
import type { Reply } from "#server/replies.ts";
import { startCheckout } from "#server/modules/orders/checkout.ts";
import { quoteCheckout } from "#server/modules/orders/quote.ts";
import { orderReply, SIGN_IN_REPLY } from "#server/modules/orders/replies.ts";
import { confirmPayment } from "#server/modules/orders/confirm-payment.ts";
import { paymentReply } from "#server/modules/orders/payment-replies.ts";

export async function requireUser(req: Request): Promise<SessionUser> {
  const user = await req.sessionUser();
  if (!user) throw replyError(SIGN_IN_REPLY);
  return user;
}

/**
 * A refusal answered as its module's reply table says. A 5xx here is an expected state of the
 * installation (payments not configured, the provider down), so it is answered directly instead
 * of being logged as a server error.
 */
export function refuse(res: Response, reply: Reply) {
  if (reply.status >= 500) return res.status(reply.status).json({ message: reply.message });
  throw replyError(reply);
}

/** POST /api/checkout, POST /api/checkout/quote and POST /api/checkout/:orderId/verify (api-contract.md). */
export function checkoutRouter(shop: ShopContext) {
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  // The body goes to the use case as it came: it is read (and the address checked) once there.
  router.post("/", async (req, res) => {
    const user = await requireUser(req);
    const result = await startCheckout(shop, { id: user.id, name: user.name, email: user.email }, req.body);
    if (result.ok) return res.status(201).json({ order: result.order, payment: result.payment });
    return refuse(res, orderReply.checkout(result));
  });

  // Every fee before the shopper confirms; the same body as POST /, nothing is created.
  router.post("/quote", async (req, res) => {
    const user = await requireUser(req);
    const result = await quoteCheckout(shop, { id: user.id, name: user.name, email: user.email }, req.body);
    if (result.ok) return res.json(result.quote);
    return refuse(res, orderReply.checkout(result));
  });

  router.post("/:orderId/verify", async (req, res) => {
    const user = await requireUser(req);
    const result = await confirmPayment(shop, user.id, req.params.orderId, req.body, req.log);
    if (!result.ok) throw replyError(paymentReply.confirm(result));
    res.json({ order: result.order });
  });

  return router;
}
