import { Router, type Request } from "express";
import { fromNodeHeaders } from "better-auth/node";
import { AUTH_MESSAGES } from "#common/auth.ts";
import { loginSchema, registerSchema } from "#server/schemas/auth.ts";
import type { ShopContext } from "#server/context.ts";
import { HttpError, parseInput, replyError } from "#server/http/errors.ts";
import { readGuestId } from "#server/http/guest.ts";
import { registerCustomer, signInCustomer, type Client } from "#server/modules/users/accounts.ts";
import { getProfile } from "#server/modules/users/profile.ts";
import { accountReply, SIGNED_OUT_REPLY } from "#server/modules/users/replies.ts";
import { completeSignIn, signOut } from "#server/modules/users/session.ts";

/** Sign-up, sign-in, sign-out and the profile (api-contract.md, "Authentication"), mounted at /api/users. */
export function usersRouter(shop: ShopContext) {
  const { db } = shop;
  const router = Router();

  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  /** The guest carts a sign-in brings: the shop's guest cookie and/or a `guestId` in the body, as the spec's clients send. */
  const guestCarts = (req: Request) => ({ fromCookie: readGuestId(req), fromBody: (req.body as Record<string, unknown> | undefined)?.guestId });

  router.post("/register", async (req, res) => {
    const input = parseInput(registerSchema, req.body);
    const result = await registerCustomer(shop, input, clientOf(req));
    const reply = accountReply(result, "register");
    if (!result.ok) throw replyError(reply);
    res.append("Set-Cookie", await completeSignIn(shop, result, guestCarts(req)));
    res.status(reply.status).json({ user: result.user, token: result.token });
  });

  router.post("/login", async (req, res) => {
    const input = parseInput(loginSchema, req.body);
    const result = await signInCustomer(shop, input, clientOf(req));
    const reply = accountReply(result, "sign-in");
    if (!result.ok) throw replyError(reply);
    res.append("Set-Cookie", await completeSignIn(shop, result, guestCarts(req)));
    res.status(reply.status).json({ user: result.user, token: result.token });
  });

  router.post("/logout", async (req, res) => {
    res.append("Set-Cookie", await signOut(shop, fromNodeHeaders(req.headers)));
    res.status(SIGNED_OUT_REPLY.status).json({ message: SIGNED_OUT_REPLY.message });
  });

  router.get("/profile", async (req, res) => {
    const user = await req.sessionUser();
    const profile = user && (await getProfile(db, user.id));
    if (!profile) throw new HttpError(401, AUTH_MESSAGES.signInRequired);
    res.json(profile);
  });

  return router;
}

function clientOf(req: Request): Client {
  return { ip: req.ip ?? "", userAgent: req.get("user-agent") ?? "" };
}
