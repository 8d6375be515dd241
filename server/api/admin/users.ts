import { Router } from "express";
import type { ShopContext } from "#server/context.ts";
import { replyError } from "#server/http/errors.ts";
import { createUserAccount, deleteUserAccount, listUsers, resetUserTwoFactor, updateUserAccount } from "#server/modules/users/accounts-admin.ts";
import { accountAdminReply } from "#server/modules/users/replies.ts";
import { signedInAdmin } from "./require-admin.ts";
import { accepted, sendPage } from "./send.ts";

/** Staff and customer accounts (admins), mounted at /api/admin/users. */
export function adminUsersRouter(shop: ShopContext) {
  const { db } = shop;
  const router = Router();

  router.get("/", async (req, res) => {
    const listed = await listUsers(db, req.query);
    if (!listed.ok) throw replyError(accountAdminReply.listUsers(listed));
    sendPage(res, listed);
  });

  router.post("/", async (req, res) => {
    const result = await createUserAccount(shop, (await signedInAdmin(req)).id, req.body);
    const reply = accountAdminReply.createUser(result);
    res.status(reply.status).json({ message: reply.message, user: accepted(result, reply).user });
  });

  router.put("/:id", async (req, res) => {
    const admin = await signedInAdmin(req);
    const result = await updateUserAccount(db, admin.id, req.params.id, req.body, shop.config.publicUrl);
    const reply = accountAdminReply.updateUser(result);
    res.status(reply.status).json({ message: reply.message, user: accepted(result, reply).user });
  });

  router.delete("/:id", async (req, res) => {
    const admin = await signedInAdmin(req);
    const result = await deleteUserAccount(db, admin.id, req.params.id);
    const reply = accountAdminReply.deleteUser(result);
    accepted(result, reply);
    res.status(reply.status).json({ message: reply.message });
  });

  // Staff who lost their phone and their backup codes (decisions/051): audited, never one's own.
  router.post("/:id/two-factor/reset", async (req, res) => {
    const admin = await signedInAdmin(req);
    const result = await resetUserTwoFactor(db, admin.id, req.params.id);
    const reply = accountAdminReply.resetTwoFactor(result);
    accepted(result, reply);
    res.status(reply.status).json({ message: reply.message });
  });

  return router;
}
