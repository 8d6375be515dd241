import { Router, type Request, type Response } from "express";
import { fromNodeHeaders } from "better-auth/node";
import { AUTH_MESSAGES, loginSchema, registerSchema } from "#common/schemas/auth.ts";
import type { ShopContext } from "#server/context.ts";
import { HttpError, parseInput } from "#server/http/errors.ts";
import { clearGuestCookie, readGuestId } from "#server/http/guest.ts";
import { throttledError } from "#server/modules/limits/http-error.ts";
import { registerCustomer, signInCustomer, signOut, type Client, type SignedIn } from "#server/modules/users/accounts.ts";
import { adoptGuestCart, guestIdFrom } from "#server/modules/users/guest-cart.ts";
import { getProfile } from "#server/modules/users/profile.ts";

/** Sign-up, sign-in, sign-out and the profile (api-contract.md, "Authentication"), mounted at /api/users. */
export function usersRouter(shop: ShopContext) {
  const { db, auth, config, logger } = shop;
  const router = Router();

  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  /**
   * Sets the session cookie and moves the guest cart the request brought (a `guestId` in the
   * body, as the spec's clients send, and/or the shop's guest cookie) into the account.
   */
  async function completeSignIn(req: Request, res: Response, signedIn: SignedIn) {
    res.append("Set-Cookie", signedIn.cookies);
    const fromBody = guestIdFrom((req.body as Record<string, unknown> | undefined)?.guestId);
    const fromCookie = readGuestId(req);
    if (fromBody && fromBody !== fromCookie) await adoptGuestCart(db, logger, signedIn.user._id, fromBody);
    if (fromCookie && (await adoptGuestCart(db, logger, signedIn.user._id, fromCookie))) clearGuestCookie(res, config);
  }

  router.post("/register", async (req, res) => {
    const input = parseInput(registerSchema, req.body);
    const result = await registerCustomer(shop, input, clientOf(req));
    if (!result.ok) {
      if (result.reason === "throttled") throw throttledError(result);
      throw new HttpError(409, AUTH_MESSAGES.userExists);
    }
    await completeSignIn(req, res, result);
    res.status(201).json({ user: result.user, token: result.token });
  });

  router.post("/login", async (req, res) => {
    const input = parseInput(loginSchema, req.body);
    const result = await signInCustomer(shop, input, clientOf(req));
    if (!result.ok) {
      if (result.reason === "throttled") throw throttledError(result);
      if (result.reason === "refused") throw new HttpError(403, result.message);
      throw new HttpError(401, AUTH_MESSAGES.invalidCredentials);
    }
    await completeSignIn(req, res, result);
    res.status(200).json({ user: result.user, token: result.token });
  });

  // Idempotent: signed out already is still a successful logout.
  router.post("/logout", async (req, res) => {
    res.append("Set-Cookie", await signOut(auth, fromNodeHeaders(req.headers)));
    clearGuestCookie(res, config);
    res.status(200).json({ message: AUTH_MESSAGES.loggedOut });
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
