import { BadgeCheck, Star } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { checkReviewForm, COMMENT_MAX, RATING_MESSAGE, REVIEW_FORM_MESSAGES, type ReviewJson } from "#common/review.ts";
import { type Translate, useLanguage, useLocalePath, useT } from "~/lib/i18n";
import { TextAreaField } from "~/components/ui/field";
import { formatLongDate } from "#common/dates.ts";
import { StarRating } from "./star-rating";

/** What the product route's action answers to a review post. */
export type ReviewResult = { ok: boolean; message: string; errors: Record<string, string> };

export function Reviews({
  productId,
  reviews,
  signedIn,
  actionResult,
}: {
  productId: string;
  reviews: ReviewJson[];
  signedIn: boolean;
  /** The answer to a post made without JavaScript (the page was re-rendered by the action). */
  actionResult?: ReviewResult;
}) {
  const t = useT();
  const language = useLanguage();
  const lp = useLocalePath();
  return (
    <div className="grid gap-10 lg:grid-cols-5">
      <div className="lg:col-span-3">
        <h3 className="text-lg font-semibold text-gray-900">{t("product.reviews.heading")}</h3>
        {reviews.length === 0 ? (
          <p className="mt-3 text-gray-700">{t("product.reviews.none")}</p>
        ) : (
          <ul className="mt-4 divide-y divide-gray-200">
            {reviews.map((review) => (
              <li key={review._id} className="py-4">
                <article aria-label={t("product.reviews.by", { name: review.name })}>
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <p className="font-semibold text-gray-900">{review.name}</p>
                    <StarRating rating={review.rating} size="sm" />
                    {review.verifiedPurchase ? (
                      <span className="inline-flex items-center gap-1 text-sm font-medium text-green-800">
                        <BadgeCheck className="h-4 w-4" aria-hidden />
                        {t("product.reviews.verified")}
                      </span>
                    ) : null}
                  </div>
                  <p className="mt-1 text-sm text-gray-600">
                    <time dateTime={review.createdAt}>{formatLongDate(review.createdAt, language)}</time>
                  </p>
                  <p className="mt-2 whitespace-pre-line text-gray-800">{review.comment}</p>
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="lg:col-span-2">
        <h3 className="text-lg font-semibold text-gray-900">{t("product.reviews.write")}</h3>
        {signedIn ? (
          <ReviewForm actionResult={actionResult} />
        ) : (
          <p className="mt-3 text-gray-700">
            <Link
              to={lp(`/login?redirect=/product/${productId}`)}
              className="font-semibold text-brand-800 underline"
            >
              {t("product.reviews.signIn")}
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}

const RATINGS = [5, 4, 3, 2, 1] as const;
/** The browser's own check (common/review.ts) says its sentences in English: the form shows them in the page's language. */
const FORM_MESSAGES: Record<string, string> = {
  [RATING_MESSAGE]: "product.reviews.ratingInvalid",
  [REVIEW_FORM_MESSAGES.commentRequired]: "product.reviews.commentRequired",
  [REVIEW_FORM_MESSAGES.commentTooLong]: "product.reviews.commentTooLong",
  [REVIEW_FORM_MESSAGES.commentNotAllowed]: "product.reviews.commentNotAllowed",
};
function formMessages(errors: Record<string, string>, t: Translate): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, FORM_MESSAGES[text] ? t(FORM_MESSAGES[text], { max: COMMENT_MAX }) : text]));
}

/** Posts to the product route's action: through a fetcher with JavaScript, as a plain form post without it. */
function ReviewForm({ actionResult }: { actionResult?: ReviewResult }) {
  const fetcher = useFetcher<ReviewResult>();
  const t = useT();
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [formKey, setFormKey] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const focusComment = () => (formRef.current?.elements.namedItem("comment") as HTMLTextAreaElement | null)?.focus();
  const result = fetcher.data ?? actionResult;
  const errors = { ...(result && !result.ok ? result.errors : {}), ...clientErrors };
  const busy = fetcher.state !== "idle";

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a submission settles; focusComment only reads a ref.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) setFormKey((key) => key + 1);
    else if (fetcher.data.errors.comment) focusComment();
  }, [fetcher.state, fetcher.data]);

  return (
    <fetcher.Form
      key={formKey}
      ref={formRef}
      method="post"
      noValidate
      className="mt-3 space-y-4"
      onSubmit={(event) => {
        // The same rules as the server's (common/review.ts), so a mistake is shown before the round trip.
        const parsed = checkReviewForm(Object.fromEntries(new FormData(event.currentTarget)));
        if (!parsed.ok) {
          event.preventDefault();
          setClientErrors(formMessages(parsed.errors, t));
          if (parsed.errors.comment) focusComment();
          return;
        }
        setClientErrors({});
      }}
    >
      <fieldset aria-describedby={errors.rating ? "review-rating-error" : undefined}>
        <legend className="text-sm font-medium text-gray-800">{t("product.reviews.yourRating")}</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {RATINGS.map((value) => (
            <label
              key={value}
              className="relative inline-flex cursor-pointer items-center gap-1 rounded-md border border-gray-400 px-3 py-1.5 text-sm text-gray-800 has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:font-semibold has-checked:text-brand-900 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent-500"
            >
              <input
                type="radio"
                name="rating"
                value={value}
                defaultChecked={value === 5}
                className="absolute inset-0 h-full w-full cursor-pointer appearance-none rounded-md focus-visible:outline-none"
              />
              {value}
              <Star className="h-4 w-4 text-amber-600" fill="currentColor" strokeWidth={0} aria-hidden />
              <span className="sr-only">{` ${t("product.reviews.stars", { count: value, word: t(`product.reviews.rating${value}`) })}`}</span>
            </label>
          ))}
        </div>
        {errors.rating ? (
          <p id="review-rating-error" className="mt-1 text-sm text-red-700">
            {errors.rating}
          </p>
        ) : null}
      </fieldset>
      <TextAreaField label={t("product.reviews.yourReview")} name="comment" rows={4} required error={errors.comment} />
      <button
        type="submit"
        disabled={busy}
        className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
      >
        {busy ? t("product.reviews.submitting") : t("product.reviews.submit")}
      </button>
      <div role="status" aria-live="polite">
        {result && !busy ? (
          result.ok ? (
            <p className="rounded-md border border-green-200 bg-green-50 px-4 py-3 text-green-900">{result.message}</p>
          ) : result.message ? (
            <p className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800">{result.message}</p>
          ) : null
        ) : null}
      </div>
    </fetcher.Form>
  );
}
