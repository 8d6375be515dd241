// POST /api/products/:id/notify-me: a guest's `{ email }` (common/back-in-stock.ts holds the rule
// and its messages, which the product page's form uses in the browser).
import { checkBackInStockRequest } from "#common/back-in-stock.ts";
import { fromCheck } from "./rule.ts";

export const backInStockRequestSchema = fromCheck(checkBackInStockRequest);
