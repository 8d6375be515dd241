import { BadgeCheck, Eye, EyeOff, Star } from "lucide-react";
import { Link } from "react-router";
import { REVIEW_PAGE_MESSAGES, REVIEW_STATUSES, type AdminReviewJson } from "#common/admin.ts";
import { ConfirmDelete, useToastedFetcher } from "~/components/admin/confirm-delete";
import { formatDateTime } from "#common/dates.ts";
import { ADMIN_MAIN, AdminPageHeader, EmptyState } from "~/components/admin/page-header";
import { Pager } from "~/components/admin/pager";
import { SearchBox } from "~/components/admin/search-box";
import { NOINDEX } from "~/components/auth/auth-card";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/reviews";
import { requireAdmin } from "./require-admin.server";
import { loadReviews, moderateReviews } from "./reviews.server";

const { updateFailed: UPDATE_FAILED, deleteFailed: DELETE_FAILED } = REVIEW_PAGE_MESSAGES;

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Reviews | Admin", "Customers' product reviews: hide, show again or delete them."),
  NOINDEX,
];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return loadReviews(context, new URL(request.url));
}

/** Hide, unhide and delete: the same server functions and answers as the admin API. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  return moderateReviews(context, admin, await request.formData());
}

export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  const { reviews, total, hasNext, page, search, status, error } = loaderData;
  return (
    <main id="main" className={ADMIN_MAIN}>
      <AdminPageHeader title="Reviews">
        <SearchBox label="Search reviews" defaultValue={search} placeholder="Product or reviewer" keep={{ status }} />
      </AdminPageHeader>
      <StatusFilter current={status} search={search} />
      {error ? (
        <EmptyState error>{error}</EmptyState>
      ) : reviews.length === 0 ? (
        <EmptyState>{search ? `No reviews match "${search}".` : status ? `No ${status} reviews.` : "No reviews yet."}</EmptyState>
      ) : (
        <>
          <p className="mt-4 text-sm text-gray-700">
            {total} {total === 1 ? "review" : "reviews"}, newest first
          </p>
          <ul className="mt-2 space-y-3">
            {reviews.map((review) => (
              <li key={review._id}>
                <ReviewCard review={review} />
              </li>
            ))}
          </ul>
        </>
      )}
      <Pager page={page} hasNext={hasNext} label="Reviews pages" />
    </main>
  );
}

function StatusFilter({ current, search }: { current: string; search: string }) {
  const options = [{ value: "", label: "All" }, ...REVIEW_STATUSES.map((value) => ({ value, label: value === "hidden" ? "Hidden" : "Visible" }))];
  const href = (value: string) => {
    const params = new URLSearchParams();
    if (search) params.set("search", search);
    if (value) params.set("status", value);
    const query = params.toString();
    return query ? `?${query}` : "/admin/reviews";
  };
  return (
    <nav aria-label="Filter reviews by status" className="mt-4">
      <ul className="inline-flex rounded-md border border-gray-300 bg-white p-0.5 text-sm">
        {options.map(({ value, label }) => (
          <li key={label}>
            <Link
              to={href(value)}
              aria-current={value === current ? "page" : undefined}
              className={`block rounded px-3 py-1.5 font-medium ${
                value === current ? "bg-brand-700 text-white" : "text-gray-800 hover:bg-gray-100"
              }`}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * One review: a card on phones (its buttons always in reach), a row of columns from 1024 px.
 * Names and comments were cut on the server; very long unbroken words wrap instead of widening the page.
 */
function ReviewCard({ review }: { review: AdminReviewJson }) {
  return (
    <article
      aria-label={`Review by ${review.name} of ${review.product.name}`}
      className={`rounded-lg border p-4 lg:grid lg:grid-cols-[minmax(0,11rem)_minmax(0,1fr)_auto] lg:items-start lg:gap-6 ${
        review.hidden ? "border-gray-300 bg-gray-50" : "border-gray-200 bg-white"
      }`}
    >
      <div className="min-w-0">
        <div className="flex items-start justify-between gap-3 lg:flex-col lg:justify-start lg:gap-1.5">
          <Link to={`/product/${review.product._id}`} className="min-w-0 font-semibold text-brand-800 underline [overflow-wrap:anywhere]">
            {review.product.name}
          </Link>
          <ReviewStatusBadge hidden={review.hidden} hiddenAt={review.hiddenAt} />
        </div>
        <p className="mt-1 text-xs text-gray-600">{formatDateTime(review.createdAt)}</p>
      </div>

      <div className="mt-3 min-w-0 lg:mt-0">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p className="line-clamp-2 min-w-0 text-sm font-medium text-gray-900 [overflow-wrap:anywhere]" title={review.name}>
            {review.name}
          </p>
          {review.verifiedPurchase ? (
            <span className="inline-flex items-center gap-1 text-xs font-medium text-green-800">
              <BadgeCheck className="h-3.5 w-3.5" aria-hidden /> Verified purchase
            </span>
          ) : null}
          <Stars rating={review.rating} />
        </div>
        <p className="mt-2 line-clamp-4 whitespace-pre-line text-sm text-gray-800 [overflow-wrap:anywhere]">{review.comment}</p>
      </div>

      <div className="mt-4 flex flex-wrap items-center gap-2 lg:mt-0 lg:justify-end">
        <VisibilityButton review={review} />
        <ConfirmDelete
          what={`review by ${review.name}`}
          question={`The review of ${review.product.name} will be removed for good, and the product's rating recounted. To keep it on record, hide it instead.`}
          fields={{ id: review._id }}
          failure={DELETE_FAILED}
        />
      </div>
    </article>
  );
}

function ReviewStatusBadge({ hidden, hiddenAt }: { hidden: boolean; hiddenAt: string | null }) {
  return hidden ? (
    <span
      className="inline-block shrink-0 rounded-full bg-gray-200 px-2.5 py-0.5 text-xs font-semibold text-gray-800"
      title={hiddenAt ? `Hidden ${formatDateTime(hiddenAt)}` : undefined}
    >
      Hidden
    </span>
  ) : (
    <span className="inline-block shrink-0 rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800">
      Visible
    </span>
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          className={`h-3.5 w-3.5 ${star <= rating ? "fill-amber-400 text-amber-500" : "text-gray-300"}`}
          aria-hidden
        />
      ))}
    </span>
  );
}

function VisibilityButton({ review }: { review: AdminReviewJson }) {
  const fetcher = useToastedFetcher(UPDATE_FAILED);
    const busy = fetcher.state !== "idle";
  const Icon = review.hidden ? Eye : EyeOff;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="id" value={review._id} />
      <button
        type="submit"
        name="intent"
        value={review.hidden ? "unhide" : "hide"}
        disabled={busy}
        className="inline-flex items-center gap-1 rounded-md border border-gray-400 bg-white px-2.5 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-100 disabled:opacity-70"
      >
        <Icon className="h-4 w-4" aria-hidden /> {review.hidden ? "Unhide" : "Hide"}
        <span className="sr-only"> review by {review.name}</span>
      </button>
    </fetcher.Form>
  );
}

export { ErrorBoundary } from "~/components/admin/admin-error";
