// GET /api/admin/audit's query (api-contract.md, "Operations (second release)") and the audit page's filters.
import * as z from "zod/mini";
import { AUDIT_MESSAGES } from "#common/audit.ts";
import { isCalendarDate } from "#common/admin-product.ts";
import { adminListQuerySchema } from "./admin.ts";

/** The first value of a query parameter, trimmed; empty is absent. */
const firstText = z.transform((value: unknown) => {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" && first.trim() !== "" ? first.trim() : undefined;
});

const text = (max: number, message: string) => z.pipe(firstText, z.optional(z.string().check(z.maxLength(max, message))));
const day = (message: string) => z.pipe(firstText, z.optional(z.string().check(z.refine(isCalendarDate, message))));

export const auditQuerySchema = z.pipe(
  z.object({
    entity: z.pipe(firstText, z.optional(z.string().check(z.regex(/^[a-z][a-z-]{0,39}$/, AUDIT_MESSAGES.entityInvalid)))),
    entityId: text(100, AUDIT_MESSAGES.entityIdTooLong),
    actor: text(100, AUDIT_MESSAGES.actorTooLong),
    from: day(AUDIT_MESSAGES.dateInvalid),
    to: day(AUDIT_MESSAGES.dateInvalid),
    page: adminListQuerySchema.shape.page,
    limit: adminListQuerySchema.shape.limit,
  }),
  z.transform((query, ctx) => {
    if (query.from && query.to && query.to < query.from) {
      ctx.issues.push({ code: "custom", message: AUDIT_MESSAGES.rangeInvalid, input: query, path: ["to"] });
      return z.NEVER;
    }
    return query;
  }),
);
export type AuditQueryInput = z.infer<typeof auditQuerySchema>;
