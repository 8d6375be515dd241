// The pharmacist's pages' server side (decisions/020): the queue, one order's review with its
// decision forms (the same use case and reply table as POST /api/admin/orders/:id/prescription-review),
// the prescription file served privately for the inline view, and the H1 register download.
import * as z from "zod/mini";
import { data, type AppLoadContext } from "react-router";
import { REVIEW_MESSAGES } from "#common/pharmacist.ts";
import type { SessionUser } from "#server/auth.ts";
import { istDay } from "#common/dates.ts";
import { h1RegisterCsv } from "#server/modules/pharmacy/h1-register.ts";
import { prescriptionFileHeaders, readPrescriptionFile } from "#server/modules/prescriptions/prescriptions.ts";
import { reviewReply } from "#server/modules/pharmacy/replies.ts";
import { getOrderReview, listReviewQueue, reviewBarFor, reviewerIdentity, reviewOrderPrescription } from "#server/modules/pharmacy/review.ts";
import { h1RegisterQuerySchema } from "#server/schemas/pharmacist.ts";
import { adminAction } from "./admin-action.server";
import { listForPage } from "./admin-list.server";

/** The queue: `?status=` pending (the default), approved, rejected or all; an unreadable status or page is left out (listForPage). */
export async function loadQueue(context: AppLoadContext, url: URL) {
  const asked = new URL(url);
  if (!asked.searchParams.has("status")) asked.searchParams.set("status", "pending");
  const { status, page, limit, queue } = await listForPage((query) => listReviewQueue(context.shop.db, query), asked);
  const today = istDay(new Date());
  return {
    status: status ?? "all",
    entries: queue.items,
    total: queue.total,
    page,
    hasNext: page * limit < queue.total,
    // The register's form starts at this month in India.
    register: { from: `${today.slice(0, 8)}01`, to: today },
  };
}

/** One order's review; a 404 page when the order has no prescription to review. */
export async function loadReview(context: AppLoadContext, orderId: string, staff: SessionUser) {
  const [review, reviewer] = await Promise.all([getOrderReview(context.shop.db, orderId), reviewerIdentity(context.shop.db, staff.id)]);
  if (!review) throw data(null, { status: 404 });
  // What stops this pharmacist deciding (their own order or prescription, a number to correct), said instead of the forms.
  const bar = reviewer ? await reviewBarFor(context.shop.db, { id: staff.id, registration: reviewer.registration }, orderId) : null;
  return { review, reviewer, barred: bar ? reviewReply.review({ ok: false, reason: bar }).message : null };
}

/** The approve and reject forms: the review use case, answered from its reply table. */
export function decideReview(context: AppLoadContext, staff: SessionUser, orderId: string, form: FormData) {
  const body = Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  return adminAction(context, "Failed to record the decision", async () =>
    reviewReply.review(await reviewOrderPrescription(context.shop, staff, orderId, body)),
  );
}

/**
 * The prescription's file for the review page's inline view, read through the prescriptions
 * module (owner, pharmacist or admin; anyone else 404). Private and never stored by a cache; its
 * policy lets only the shop's own pages frame it (server/http/csp.ts, a PDF in an iframe).
 */
export async function prescriptionFileResponse(context: AppLoadContext, staff: SessionUser, prescriptionId: string) {
  const result = await readPrescriptionFile(context.shop, prescriptionId, { id: staff.id, role: staff.role });
  if (!result.ok) throw data(null, { status: 404 });
  // The API's headers for the file. A photo takes the shop's policy for framed files (server/http/csp.ts),
  // not a second one; a PDF keeps its own (sandbox) and is a download, never framed (issue 26).
  const { "Content-Security-Policy": ownPolicy, ...headers } = prescriptionFileHeaders(result.file);
  const pdf = result.file.contentType === "application/pdf";
  return new Response(new Uint8Array(result.file.data), { headers: pdf ? { ...headers, "Content-Security-Policy": ownPolicy! } : headers });
}

/** The H1 register as a download; a range that is not one answers 400 with the sentence. */
export async function h1RegisterResponse(context: AppLoadContext, url: URL) {
  const parsed = z.safeParse(h1RegisterQuerySchema, Object.fromEntries(url.searchParams));
  if (!parsed.success) {
    return new Response(parsed.error.issues[0]?.message ?? REVIEW_MESSAGES.dateRangeInvalid, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const { from, to } = parsed.data;
  return new Response(await h1RegisterCsv(context.shop.db, { from, to }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="h1-register-${from}-to-${to}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
