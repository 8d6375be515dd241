// The text fields sent with a prescription upload (api-contract.md, "Prescriptions") and the
// prescriptions a checkout attaches; the rules and sentences are common/prescriptions.ts.
import * as z from "zod/mini";
import { MAX_PRESCRIPTIONS_PER_ORDER, PRESCRIPTION_MESSAGES, PRESCRIPTION_NAME_MAX } from "#common/prescriptions.ts";

/** Optional text: absent or blank is null; longer than the limit is refused with the shoppers' sentence. */
const optionalName = z.pipe(
  z.transform((value: unknown) => (value === undefined || value === null ? "" : typeof value === "string" ? value.trim().replace(/\s+/g, " ") : value)),
  z.pipe(
    z.string({ error: PRESCRIPTION_MESSAGES.nameTooLong }).check(z.maxLength(PRESCRIPTION_NAME_MAX, PRESCRIPTION_MESSAGES.nameTooLong)),
    z.transform((text: string) => (text === "" ? null : text)),
  ),
);

export const prescriptionFieldsSchema = z.object({ patientName: optionalName, doctorName: optionalName });

/** `prescriptionIds` of POST /api/checkout: absent is none; each an id text, at most a few. */
export const prescriptionIdsSchema = z.optional(
  z
    .array(z.string({ error: PRESCRIPTION_MESSAGES.unknownIds }).check(z.maxLength(64, PRESCRIPTION_MESSAGES.unknownIds)), {
      error: PRESCRIPTION_MESSAGES.unknownIds,
    })
    .check(z.maxLength(MAX_PRESCRIPTIONS_PER_ORDER, PRESCRIPTION_MESSAGES.tooMany)),
);
