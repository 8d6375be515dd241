import { Router, type Request } from "express";
import type { SessionUser } from "#server/auth.ts";
import type { ShopContext } from "#server/context.ts";
import { replyError } from "#server/http/errors.ts";
import { createAddress, deleteAddress, listAddresses, updateAddress } from "#server/modules/addresses/addresses.ts";
import { ADDRESSES_SIGNED_OUT_REPLY, addressReply } from "#server/modules/addresses/replies.ts";

async function requireCustomer(req: Request): Promise<SessionUser> {
  const user = await req.sessionUser();
  if (!user) throw replyError(ADDRESSES_SIGNED_OUT_REPLY);
  return user;
}

/**
 * The address book (api-contract.md, "Addresses"), mounted at /api/users/addresses: GET /, POST /,
 * PUT /:id, DELETE /:id. Only the caller's own addresses exist for them (another's is 404).
 */
export function addressesRouter(shop: ShopContext) {
  const { db } = shop;
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "private, no-store");
    next();
  });

  router.get("/", async (req, res) => {
    const user = await requireCustomer(req);
    res.json(await listAddresses(db, user.id));
  });

  router.post("/", async (req, res) => {
    const user = await requireCustomer(req);
    const result = await createAddress(db, user.id, req.body);
    const reply = addressReply(result);
    if (!result.ok) throw replyError(reply);
    res.status(reply.status).json(result.address);
  });

  router.put("/:id", async (req, res) => {
    const user = await requireCustomer(req);
    const result = await updateAddress(db, user.id, req.params.id, req.body);
    const reply = addressReply(result);
    if (!result.ok) throw replyError(reply);
    res.status(reply.status).json(result.address);
  });

  router.delete("/:id", async (req, res) => {
    const user = await requireCustomer(req);
    const result = await deleteAddress(db, user.id, req.params.id);
    const reply = addressReply(result);
    if (!result.ok) throw replyError(reply);
    res.status(reply.status).json({ message: reply.message });
  });

  return router;
}
