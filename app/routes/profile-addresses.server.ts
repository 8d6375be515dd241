// The address book page's server side (/profile/addresses): the caller's addresses and the four
// writes, each through the address book's use case and reply table (as /api/users/addresses).
import type { AppLoadContext } from "react-router";
import type { Reply } from "#server/replies.ts";
import {
  createAddress,
  deleteAddress,
  listAddresses,
  makeDefaultAddress,
  updateAddress,
} from "#server/modules/addresses/addresses.ts";
import { addressReply } from "#server/modules/addresses/replies.ts";

export function loadAddresses(context: AppLoadContext, userId: string) {
  return listAddresses(context.shop.db, userId);
}

export type AddressIntent = "create" | "update" | "delete" | "default";

/** One form post of the page: which write (`intent`), on which address (`id`), with the form's fields. */
export async function writeAddressFromForm(
  context: AppLoadContext,
  userId: string,
  form: FormData,
): Promise<{ intent: AddressIntent; reply: Reply }> {
  const { db } = context.shop;
  const fields = Object.fromEntries(form);
  const id = typeof fields.id === "string" ? fields.id : "";
  switch (fields.intent) {
    case "update":
      return { intent: "update", reply: addressReply(await updateAddress(db, userId, id, fields)) };
    case "delete":
      return { intent: "delete", reply: addressReply(await deleteAddress(db, userId, id)) };
    case "default":
      return { intent: "default", reply: addressReply(await makeDefaultAddress(db, userId, id)) };
    default:
      return { intent: "create", reply: addressReply(await createAddress(db, userId, fields)) };
  }
}
