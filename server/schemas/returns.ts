// Bodies of the return calls (decisions/032): the customer's request and the admin's decision.
// The texts and the policy are common/returns.ts, which the order pages use too.
import * as z from "zod/mini";
import { RETURN_MESSAGES, RETURN_REASON_IDS, RETURN_STATUS_LABELS, RETURN_TEXT_MAX, type ReturnStatusId } from "#common/returns.ts";

const optionalText = (message: string) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === "string" ? value.trim() || undefined : value === null ? undefined : value)),
    z.optional(z.string(message).check(z.maxLength(RETURN_TEXT_MAX, message))),
  );

/** POST /api/orders/:id/returns: `{ lines: [{ orderLineId, quantity }], reason, details? }`. */
export const returnRequestSchema = z.object({
  lines: z
    .array(
      z.object({
        orderLineId: z.string(RETURN_MESSAGES.noLines).check(z.minLength(1, RETURN_MESSAGES.noLines), z.maxLength(64, RETURN_MESSAGES.noLines)),
        quantity: z.pipe(
          z.transform((value: unknown) => (typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value)),
          z.number(RETURN_MESSAGES.noLines).check(z.int(RETURN_MESSAGES.noLines), z.minimum(1, RETURN_MESSAGES.noLines), z.maximum(10_000, RETURN_MESSAGES.tooMany)),
        ),
      }),
      RETURN_MESSAGES.noLines,
    )
    .check(z.minLength(1, RETURN_MESSAGES.noLines), z.maxLength(100, RETURN_MESSAGES.noLines)),
  reason: z.enum(RETURN_REASON_IDS, RETURN_MESSAGES.reason),
  details: optionalText(RETURN_MESSAGES.details),
});
export type ReturnRequestInput = z.infer<typeof returnRequestSchema>;

/** PUT /api/admin/returns/:id: `{ decision: "approve" | "reject", reason? }`; a rejection needs its reason. */
export const returnDecisionSchema = z
  .object({
    decision: z.enum(["approve", "reject"], "Choose to approve or reject the return"),
    reason: optionalText(`Give the reason in at most ${RETURN_TEXT_MAX} characters`),
  })
  .check(
    z.superRefine((input, ctx) => {
      if (input.decision === "reject" && !input.reason) ctx.issues.push({ code: "custom", message: RETURN_MESSAGES.rejectReason, input, path: ["reason"] });
    }),
  );
export type ReturnDecisionInput = z.infer<typeof returnDecisionSchema>;

const RETURN_STATUS_IDS = Object.keys(RETURN_STATUS_LABELS) as [ReturnStatusId, ...ReturnStatusId[]];

/**
 * GET /api/admin/returns and /admin/returns: `status` and `page`. This list corrects rather than
 * refuses (as it always has): a status it does not know lists them all, open ones first, and a page
 * that is not a whole number from 1 to 999999 lists page 1.
 */
export const returnListQuerySchema = z.object({
  status: z.pipe(
    z.transform((value: unknown) => (typeof value === "string" && Object.hasOwn(RETURN_STATUS_LABELS, value) ? value : undefined)),
    z.optional(z.enum(RETURN_STATUS_IDS)),
  ),
  page: z.transform((value: unknown) => {
    const text = typeof value === "number" ? String(value) : value;
    return typeof text === "string" && /^\d{1,6}$/.test(text) && Number(text) > 0 ? Number(text) : 1;
  }),
});
