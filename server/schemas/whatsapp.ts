// The WhatsApp opt-in as the profile and the checkout bodies take it (decisions/055).
import * as z from "zod/mini";
import { WHATSAPP_MESSAGES } from "#common/whatsapp.ts";

/** `true` or `false` only: "yes", 1 or "true" are refused with the field's own sentence. */
export const whatsappUpdates = z.boolean({ error: WHATSAPP_MESSAGES.choice });
