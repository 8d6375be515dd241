import { RETURN_MESSAGES } from "#common/returns.ts";
import { invalidInputReply, refusal, type Reply } from "#server/replies.ts";
import type { InvalidInput } from "#server/schemas/input.ts";
import type { DecideReturnResult, RequestReturnResult } from "./returns.ts";

export const RETURN_REPLY_MESSAGES = {
  signIn: "Please sign in",
  orderNotFound: "Order not found",
  creditNoteNotFound: "Credit note not found",
} as const;

type Refusal<T> = Extract<T, { ok: false }>;

/** The one status and message for every outcome of the returns module, for the REST handlers and the pages alike. */
export const returnReply = {
  /** The list's query is corrected rather than refused today (returnListQuerySchema); a refusal would be answered as every list's. */
  list: (result: InvalidInput): Reply => refusal(result, {}),
  request(result: RequestReturnResult): Reply {
    if (result.ok) return { status: 201, message: RETURN_MESSAGES.requested };
    return REQUEST_REFUSALS(result);
  },
  decide(result: DecideReturnResult): Reply {
    if (result.ok) return { status: 200, message: result.decision === "approve" ? RETURN_MESSAGES.approved : RETURN_MESSAGES.rejected };
    switch (result.reason) {
      case "invalid":
        return invalidInputReply(result.errors);
      case "not-found":
        return { status: 404, message: RETURN_MESSAGES.notFound };
      case "decided":
        return { status: 409, message: RETURN_MESSAGES.decided };
      case "refund-failed":
        return { status: 502, message: result.message };
    }
  },
};

function REQUEST_REFUSALS(result: Refusal<RequestReturnResult>): Reply {
  switch (result.reason) {
    case "invalid":
      return invalidInputReply(result.errors);
    case "not-found":
      return { status: 404, message: RETURN_REPLY_MESSAGES.orderNotFound };
    case "not-delivered":
      return { status: 409, message: RETURN_MESSAGES.notDelivered };
    case "window-closed":
      return { status: 409, message: RETURN_MESSAGES.windowClosed };
    case "pending":
      return { status: 409, message: RETURN_MESSAGES.pending };
    case "too-many":
      return { status: 400, message: RETURN_MESSAGES.tooMany, errors: { lines: RETURN_MESSAGES.tooMany } };
  }
}
