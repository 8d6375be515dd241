import { ADDRESS_MESSAGES } from "#common/addresses.ts";
import type { Reply } from "#server/replies.ts";
import type { AddressResult, DeleteAddressResult } from "./addresses.ts";

/** Signed out: the address book is personal. */
export const ADDRESSES_SIGNED_OUT_REPLY: Reply = { status: 401, message: ADDRESS_MESSAGES.signInRequired };

/** The one status and sentence for every outcome of the address book, for the API and the page alike. */
export function addressReply(result: AddressResult | DeleteAddressResult): Reply {
  if (result.ok) {
    switch (result.outcome) {
      case "created":
        return { status: 201, message: ADDRESS_MESSAGES.added };
      case "updated":
        return { status: 200, message: ADDRESS_MESSAGES.updated };
      case "made-default":
        return { status: 200, message: ADDRESS_MESSAGES.madeDefault };
      case "deleted":
        return { status: 200, message: ADDRESS_MESSAGES.deleted };
    }
  }
  switch (result.reason) {
    case "invalid":
      return { status: 400, message: Object.values(result.errors)[0] ?? ADDRESS_MESSAGES.checkFields, errors: result.errors };
    case "not-found":
      return { status: 404, message: ADDRESS_MESSAGES.notFound };
    case "too-many":
      return { status: 409, message: ADDRESS_MESSAGES.tooMany };
  }
}
