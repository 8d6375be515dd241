// The address book's bodies (api-contract.md, "Addresses"): the rules and texts are common/addresses.ts.
import { checkAddressForm } from "#common/addresses.ts";
import { fromCheck } from "./rule.ts";

export const addressSchema = fromCheck(checkAddressForm);
