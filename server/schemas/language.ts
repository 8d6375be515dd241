// The shopper's language as the checkout and profile bodies take it (decisions/064).
import * as z from "zod/mini";
import { LANGUAGE_MESSAGE, LANGUAGES } from "#common/language.ts";

/** "en" or "hi" only: anything else is refused with the field's own sentence. */
export const language = z.enum(LANGUAGES, { error: LANGUAGE_MESSAGE });
