// My refills' server side (/profile/refills, decisions/057): the shopper's refills, what the
// "Subscribe and refill" form needs (the product, saved addresses, approved prescriptions, whether
// online payment is on), and each button's write through the same use cases and reply table as
// /api/refills.
import type { AppLoadContext } from "react-router";
import { REFILL_MESSAGES } from "#common/refills.ts";
import type { Reply } from "#server/replies.ts";
import { listAddresses } from "#server/modules/addresses/addresses.ts";
import { listPrescriptions } from "#server/modules/prescriptions/prescriptions.ts";
import { cancelRefill, changeRefill, createRefill, listRefills, refillableProduct, skipRefill, type RefillResult } from "#server/modules/refills/refills.ts";
import { refillReply } from "#server/modules/refills/replies.ts";

export async function loadMyRefills(context: AppLoadContext, userId: string, url: URL) {
  const [refills, addresses, prescriptions, product] = await Promise.all([
    listRefills(context.shop.db, userId),
    listAddresses(context.shop.db, userId),
    listPrescriptions(context.shop.db, userId),
    refillableProduct(context.shop.db, url.searchParams.get("product")),
  ]);
  return {
    refills,
    addresses,
    prescriptions: prescriptions.filter((p) => p.status === "approved").map((p) => ({ _id: p._id, fileName: p.fileName, createdAt: p.createdAt })),
    product,
    onlinePayment: context.shop.gateway !== null,
    testGateway: context.shop.gateway?.provider === "test",
  };
}

export type RefillIntent = "create" | "change" | "skip" | "pause" | "resume" | "cancel";

function replyOf(result: RefillResult, done: string): Reply {
  return result.ok ? { status: 200, message: done } : refillReply(result);
}

/** One form post of the page: which write (`intent`) on which refill (`id`). */
export async function writeRefillFromForm(context: AppLoadContext, user: { id: string; email: string }, form: FormData): Promise<{ intent: RefillIntent; reply: Reply }> {
  const { shop } = context;
  const fields = Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const id = fields.id ?? "";
  switch (fields.intent) {
    case "skip":
      return { intent: "skip", reply: replyOf(await skipRefill(shop.db, user.id, id), REFILL_MESSAGES.skipped) };
    case "pause":
      return { intent: "pause", reply: replyOf(await changeRefill(shop, user.id, id, { status: "paused" }), REFILL_MESSAGES.pausedOk) };
    case "resume":
      return { intent: "resume", reply: replyOf(await changeRefill(shop, user.id, id, { status: "active" }), REFILL_MESSAGES.resumedOk) };
    case "cancel":
      return { intent: "cancel", reply: replyOf(await cancelRefill(shop.db, user.id, id), REFILL_MESSAGES.cancelledOk) };
    case "change": {
      const items = Object.entries(fields)
        .filter(([name]) => name.startsWith("quantity."))
        .map(([name, quantity]) => ({ productId: name.slice("quantity.".length), quantity }));
      const body = { ...(items.length > 0 ? { items } : {}), everyDays: fields.everyDays, ...(fields.prescriptionId ? { prescriptionId: fields.prescriptionId } : {}) };
      return { intent: "change", reply: replyOf(await changeRefill(shop, user.id, id, body), REFILL_MESSAGES.updated) };
    }
    default: {
      const body = {
        items: [{ productId: fields.productId, quantity: fields.quantity }],
        everyDays: fields.everyDays,
        addressId: fields.addressId,
        paymentMethod: fields.paymentMethod,
        prescriptionId: fields.prescriptionId,
        startOn: fields.startOn,
      };
      return { intent: "create", reply: replyOf(await createRefill(shop, user, body), REFILL_MESSAGES.created) };
    }
  }
}
