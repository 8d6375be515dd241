import { BACK_IN_STOCK_MESSAGES, backInStockRequestedMessage } from "#common/back-in-stock.ts";
import { invalidInputReply, type Reply } from "#server/replies.ts";
import { throttledReply } from "#server/modules/limits/limiter.ts";
import type { BackInStockRequestResult } from "./requests.ts";

/** The one status and message of every outcome of a back-in-stock request, for the API and the product page. */
export function backInStockReply(result: BackInStockRequestResult): Reply {
  if (result.ok) return { status: 201, message: backInStockRequestedMessage(result.email) };
  switch (result.reason) {
    case "invalid":
      return invalidInputReply(result.errors);
    case "throttled":
      return throttledReply(result);
    case "not-found":
      return { status: 404, message: BACK_IN_STOCK_MESSAGES.notFound };
    case "in-stock":
      return { status: 409, message: BACK_IN_STOCK_MESSAGES.inStock };
  }
}
