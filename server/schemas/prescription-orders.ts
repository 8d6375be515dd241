// Bodies of the order-by-prescription calls (decisions/058), built on the plain checks of
// common/prescription-orders.ts that the pages use in the browser.
import { checkAsk, checkDecline, checkProposal } from "#common/prescription-orders.ts";
import { fromCheck } from "./rule.ts";

/** POST /api/prescription-orders. */
export const prescriptionOrderAskSchema = fromCheck(checkAsk);
/** POST /api/admin/prescription-orders/:id/proposal (as documented; the use case checks quantities against the shop's per-product limit). */
export const prescriptionOrderProposalSchema = fromCheck((body) => checkProposal(body, Number.MAX_SAFE_INTEGER));
/** POST /api/admin/prescription-orders/:id/decline. */
export const prescriptionOrderDeclineSchema = fromCheck(checkDecline);
