import { Router, type Request, type Response } from "express";
import type { ShopContext } from "#server/context.ts";
import { replyError } from "#server/http/errors.ts";
import { readGuestId } from "#server/http/guest.ts";
import { codeSignInReply, phoneChangeReply, phoneCodeReply } from "#server/modules/users/phone-replies.ts";
import { requestPhoneChangeCode, requestSignInCode, verifyPhoneChange, verifySignInCode } from "#server/modules/users/phone-sign-in.ts";
import { completeSignIn } from "#server/modules/users/session.ts";
import { clientOf } from "./users.ts";

function noStore(_req: Request, res: Response, next: () => void) {
  res.setHeader("Cache-Control", "no-store");
  next();
}

/**
 * Phone sign-in (api-contract.md, "Phone sign-in (one-time codes)", decisions/050), mounted at
 * /api/users/otp: POST / sends a code, POST /verify signs in, answers newAccount, or (with a name)
 * makes the account. The session is completed as /api/users/login completes it (cookies, guest cart).
 */
export function phoneSignInRouter(shop: ShopContext) {
  const router = Router();
  router.use(noStore);

  router.post("/", async (req, res) => {
    const result = await requestSignInCode(shop, req.body, clientOf(req));
    const reply = phoneCodeReply(result);
    if (!result.ok) throw replyError(reply);
    res.status(reply.status).json({ message: result.message, resendAfter: result.resendAfter });
  });

  router.post("/verify", async (req, res) => {
    const result = await verifySignInCode(shop, req.body, clientOf(req));
    const reply = codeSignInReply(result);
    if (!result.ok) throw replyError(reply);
    if (result.newAccount) {
      res.status(reply.status).json({ newAccount: true });
      return;
    }
    const guest = { fromCookie: readGuestId(req), fromBody: (req.body as Record<string, unknown> | undefined)?.guestId };
    res.append("Set-Cookie", await completeSignIn(shop, result, guest));
    res.status(reply.status).json({ user: result.user, token: result.token });
  });

  return router;
}

/**
 * The signed-in account's verified number, mounted at /api/users/phone: POST / sends a code to the
 * number, POST /verify makes it the account's (200 profile).
 */
export function accountPhoneRouter(shop: ShopContext) {
  const router = Router();
  router.use(noStore);

  router.post("/", async (req, res) => {
    const user = await req.sessionUser();
    const result = await requestPhoneChangeCode(shop, user?.id, req.body, clientOf(req));
    const reply = phoneCodeReply(result);
    if (!result.ok) throw replyError(reply);
    res.status(reply.status).json({ message: result.message, resendAfter: result.resendAfter });
  });

  router.post("/verify", async (req, res) => {
    const user = await req.sessionUser();
    const result = await verifyPhoneChange(shop, user?.id, req.body, clientOf(req));
    const reply = phoneChangeReply(result);
    if (!result.ok) throw replyError(reply);
    res.status(reply.status).json(result.profile);
  });

  return router;
}
