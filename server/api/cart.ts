import { Router, type Request, type Response } from "express";
import type { CartJson } from "#common/cart.ts";
import type { ShopContext } from "#server/context.ts";
import { HttpError, replyError } from "#server/http/errors.ts";
import { clearGuestCookie, readGuestId, setGuestCookie } from "#server/http/guest.ts";
import { addToCartAsVisitor, changeCartLine, removeCartLine } from "#server/modules/cart/visitor-writes.ts";
import {
  GUEST_ID_PATTERN,
  getCart,
  mergeGuestCart,
  newGuestId,
  type CartOwner,
} from "#server/modules/cart/cart.ts";
import { CART_MESSAGES, cartRefusal } from "#server/modules/cart/replies.ts";
import { applyCartCoupon, removeCartCoupon } from "#server/modules/cart/coupon.ts";
import { cartOffers } from "#server/modules/cart/offers.ts";
import { couponReply } from "#server/modules/coupons/replies.ts";

interface ResolvedOwner {
  owner: CartOwner;
  /** The id came from the guest cookie or was just created: the cookie is (re)set. */
  viaCookie: boolean;
}

/** The cart API (api-contract.md, "Cart"): guests by id or cookie, signed-in users by session. */
export function cartRouter(shop: ShopContext) {
  const { db, config } = shop;
  const router = Router();

  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  /**
   * Whose cart a request means. Signed in: always the user's own (a `userId` must match it).
   * Guests: an explicit `guestId`, else the cookie; null when there is neither.
   */
  async function resolveOwner(req: Request): Promise<ResolvedOwner | null> {
    const query = req.query as Record<string, unknown>;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const user = await req.sessionUser();

    const userId = present(body.userId) ?? present(query.userId);
    if (userId !== undefined) {
      if (!user) throw new HttpError(401, CART_MESSAGES.signIn);
      if (userId !== user.id) throw new HttpError(403, CART_MESSAGES.notYourCart);
    }
    if (user) return { owner: { userId: user.id }, viaCookie: false };

    const guestId = req.method === "GET" ? present(query.guestId) : (present(body.guestId) ?? present(query.guestId));
    if (guestId !== undefined) {
      if (typeof guestId !== "string" || !GUEST_ID_PATTERN.test(guestId)) throw new HttpError(400, CART_MESSAGES.invalidGuestId);
      return { owner: { guestId }, viaCookie: false };
    }

    const fromCookie = readGuestId(req);
    return fromCookie ? { owner: { guestId: fromCookie }, viaCookie: true } : null;
  }

  function refreshCookie(res: Response, resolved: ResolvedOwner) {
    if (resolved.viaCookie && "guestId" in resolved.owner) setGuestCookie(res, config, resolved.owner.guestId);
  }

  const sendCart = (res: Response, status: number, cart: CartJson) => res.status(status).json({ ...cart, cart });

  router.get("/", async (req, res) => {
    const resolved = await resolveOwner(req);
    const cart = resolved && (await getCart(db, resolved.owner));
    if (!resolved || !cart) throw new HttpError(404, CART_MESSAGES.cartNotFound);
    refreshCookie(res, resolved);
    res.json(cart);
  });

  router.post("/", async (req, res) => {
    // A first add without any id starts a guest, so the shop's pages need no id in JavaScript.
    const resolved = (await resolveOwner(req)) ?? { owner: { guestId: newGuestId() }, viaCookie: true };
    const visitor = { owner: resolved.owner, ip: req.ip ?? "" };
    const result = await addToCartAsVisitor(shop, visitor, req.body, config.orderLimits.maxUnitsPerProduct);
    if (!result.ok) throw replyError(cartRefusal(result));
    refreshCookie(res, resolved);
    sendCart(res, result.created ? 201 : 200, result.cart);
  });

  router.put("/", async (req, res) => {
    const resolved = await resolveOwner(req);
    const result = await changeCartLine(db, resolved?.owner ?? null, req.body, config.orderLimits.maxUnitsPerProduct);
    if (!result.ok) throw replyError(cartRefusal(result));
    if (resolved) refreshCookie(res, resolved);
    sendCart(res, 200, result.cart);
  });

  router.delete("/", async (req, res) => {
    const resolved = await resolveOwner(req);
    const result = await removeCartLine(db, resolved?.owner ?? null, req.body);
    if (!result.ok) throw replyError(cartRefusal(result));
    if (resolved) refreshCookie(res, resolved);
    sendCart(res, 200, result.cart);
  });

  // A coupon on the cart (issue 15): rate limited, checked by the same rules as the checkout.
  router.post("/coupon", async (req, res) => {
    const resolved = await resolveOwner(req);
    if (!resolved) throw new HttpError(404, CART_MESSAGES.cartNotFound);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const result = await applyCartCoupon(shop, { owner: resolved.owner, ip: req.ip ?? "" }, body.code);
    if (!result.ok) throw replyError(result.reason === "cart-not-found" ? cartRefusal(result) : couponReply.refusal(result));
    refreshCookie(res, resolved);
    sendCart(res, 200, result.cart);
  });

  // The public coupons that apply to this cart, or would with more in it (issue 27, decisions/043).
  router.get("/offers", async (req, res) => {
    const resolved = await resolveOwner(req);
    const offers = resolved && (await cartOffers(db, resolved.owner));
    if (!resolved || !offers) throw new HttpError(404, CART_MESSAGES.cartNotFound);
    refreshCookie(res, resolved);
    res.json(offers);
  });

  router.delete("/coupon", async (req, res) => {
    const resolved = await resolveOwner(req);
    if (!resolved) throw new HttpError(404, CART_MESSAGES.cartNotFound);
    const result = await removeCartCoupon(db, resolved.owner);
    if (!result.ok) throw replyError(cartRefusal(result));
    refreshCookie(res, resolved);
    sendCart(res, 200, result.cart);
  });

  router.post("/merge", async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const user = await req.sessionUser();
    if (!user) throw new HttpError(401, CART_MESSAGES.signIn);
    const userId = present(body.userId);
    if (userId !== undefined && userId !== user.id) throw new HttpError(403, CART_MESSAGES.notYourCart);

    const cookieGuestId = readGuestId(req);
    const given = present(body.guestId);
    if (given !== undefined && (typeof given !== "string" || !GUEST_ID_PATTERN.test(given))) {
      throw new HttpError(400, CART_MESSAGES.invalidGuestId);
    }
    const guestId = (given as string | undefined) ?? cookieGuestId;
    if (!guestId) throw new HttpError(400, CART_MESSAGES.noGuestCart);

    const result = await mergeGuestCart(db, user.id, guestId);
    if (!result.ok) throw replyError(cartRefusal(result));
    if (cookieGuestId === guestId) clearGuestCookie(res, config);
    sendCart(res, 200, result.cart);
  });

  return router;
}

/** Absent, null and "" all mean "not given" (the spec's clients send only what they have). */
function present(value: unknown): unknown {
  return value === undefined || value === null || value === "" ? undefined : value;
}
