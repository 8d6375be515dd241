import { Router } from "express";
import type { ShopContext } from "#server/context.ts";
import { replyError } from "#server/http/errors.ts";
import { createCoupon, deleteCoupon, listCoupons, updateCoupon } from "#server/modules/coupons/admin.ts";
import { couponReply } from "#server/modules/coupons/replies.ts";
import { signedInAdmin } from "./require-admin.ts";
import { accepted, sendPage } from "./send.ts";

/** Coupons (decisions/025): a deleted coupon that was used is deactivated; mounted at /api/admin/coupons. */
export function adminCouponsRouter(shop: ShopContext) {
  const { db } = shop;
  const router = Router();

  router.get("/", async (req, res) => {
    const listed = await listCoupons(db, req.query);
    if (!listed.ok) throw replyError(couponReply.list(listed));
    sendPage(res, listed);
  });

  router.post("/", async (req, res) => {
    const result = await createCoupon(db, await signedInAdmin(req), req.body);
    const reply = couponReply.write(result, "create");
    res.status(reply.status).json(accepted(result, reply).coupon);
  });

  router.put("/:id", async (req, res) => {
    const result = await updateCoupon(db, await signedInAdmin(req), req.params.id, req.body);
    const reply = couponReply.write(result, "update");
    res.status(reply.status).json(accepted(result, reply).coupon);
  });

  router.delete("/:id", async (req, res) => {
    const result = await deleteCoupon(db, await signedInAdmin(req), req.params.id);
    const reply = couponReply.remove(result);
    res.status(reply.status).json({ message: reply.message, deactivated: accepted(result, reply).outcome === "deactivated" });
  });

  return router;
}
