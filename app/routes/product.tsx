import { AlertTriangle, Award } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { data, isRouteErrorResponse, Link, useLocation, useNavigation, useRouteLoaderData, useSearchParams } from "react-router";
import type { ProductJson } from "#common/catalog.ts";
import { categoryName, categorySlug, listingSearch, NO_FILTERS } from "~/components/catalog/listing-query";
import { Price } from "~/components/catalog/price";
import { RxChip } from "~/components/catalog/rx-chip";
import { ErrorPage } from "~/components/error-page";
import { PageDeliveryCheck } from "~/components/delivery/check-delivery";
import { AddToCart } from "~/components/product/add-to-cart";
import { BackButton } from "~/components/product/back-button";
import { Breadcrumbs } from "~/components/product/breadcrumbs";
import { ImageGallery } from "~/components/product/image-gallery";
import { ExpiryNote, MedicineInformation } from "~/components/product/medicine-information";
import { WhatsAppChatLink } from "~/components/ui/whatsapp-chat-link";
import { productChatText } from "#common/whatsapp-chat.ts";
import { absoluteImageUrl, ProductJsonLd } from "~/components/product/product-json-ld";
import { ProductNotFound } from "~/components/product/product-not-found";
import { isProductTab, ProductTabs, type ProductTab } from "~/components/product/product-tabs";
import { QuantitySelector } from "~/components/product/quantity-selector";
import type { ReviewResult } from "~/components/product/reviews";
import { SimilarProducts } from "~/components/product/similar-products";
import { Substitutes } from "~/components/product/substitutes";
import { RatingSummary } from "~/components/product/rating-summary";
import { type Messages, unprefixedPath, useLocalePath, useT } from "~/lib/i18n";
import { localizeAnswer } from "~/components/product/action-messages.server";
import { pageMessages, requestLanguage } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/product";
import { addReviewFromForm, checkDeliveryForPage, loadProductPage } from "./product.server";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { NotifyMe } from "~/components/product/notify-me";
import { Static } from "~/components/ui/static";

// Recently Viewed renders nothing on the server (it reads this browser's list): its code is
// fetched once the page has hydrated, not before (decision 037).
const RecentlyViewed = lazy(() => import("~/components/product/recently-viewed").then((module) => ({ default: module.RecentlyViewed })));

const DESCRIPTION_CHARS = 155;

export const meta: Route.MetaFunction = ({ data, matches }) => {
  // Error pages (404, 500) set their own title and description.
  if (!data) return [];
  const { product } = data;
  const tags = pageMeta(product.name, summary(product.description));
  const publicUrl = (matches.find((match) => match?.id === "root")?.data as { publicUrl?: string } | undefined)?.publicUrl;
  const image = product.images[0];
  if (publicUrl && image) {
    tags.push({ property: "og:image", content: absoluteImageUrl(publicUrl, image.url) }, { property: "og:image:alt", content: image.altText });
  }
  return tags;
};

export async function loader({ params, context, request }: Route.LoaderArgs) {
  // The product's Hindi text on /hi pages, English where a field has none (decisions/063).
  const page = await loadProductPage(context, params.productId, requestLanguage(request));
  // The 404 page's texts travel with the 404 (its boundary has no loader data).
  if (!page) throw data({ messages: pageMessages(request, "product") }, { status: 404 });
  return { ...page, delivery: await checkDeliveryForPage(context, request), messages: pageMessages(request, "catalog", "product") };
}

/** The review form posts here (with or without JavaScript). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const reply = await addReviewFromForm(context, params.productId, () => request.formData());
  // Field errors are shown beside their fields (as on the contact page); any other refusal as the form's result.
  const message = reply.errors ? "" : reply.message;
  const answer = localizeAnswer({ ok: reply.status < 300, message, errors: reply.errors ?? {} }, requestLanguage(request), "product.reviews.failed");
  return data<ReviewResult>(answer, { status: reply.status, headers: reply.headers });
}

export default function Product({ loaderData, actionData }: Route.ComponentProps) {
  const { product, reviews, similar, substitutes } = loaderData;
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const t = useT();
  // Another product is on its way (a "You May Also Like" link): say so over this one.
  const loadingOther =
    navigation.state === "loading" && unprefixedPath(navigation.location.pathname).startsWith("/product/") && navigation.location.pathname !== pathname;

  return (
    <main id="main" className="relative mx-auto max-w-7xl px-4 py-4 sm:px-6 sm:py-6" aria-busy={loadingOther}>
      {loadingOther ? (
        <div role="status" className="fixed inset-x-0 top-16 z-20 flex justify-center p-4">
          <p className="flex items-center gap-3 rounded-full bg-white px-5 py-2 font-medium text-gray-900 shadow-lg ring-1 ring-gray-200">
            <span className="h-5 w-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700" aria-hidden />
            {t("product.loadingOther")}
          </p>
        </div>
      ) : null}
      <BackButton />
      <Breadcrumbs product={product} />
      {/* Keyed by product: moving to another product starts its gallery, quantity and tabs afresh. */}
      <ProductView
        key={product._id}
        product={product}
        reviews={reviews}
        signedIn={Boolean(root?.user)}
        accountEmail={root?.user?.hasEmail === true}
        actionResult={actionData as ReviewResult | undefined}
      />
      <Substitutes key={`substitutes-${product._id}`} composition={product.composition} price={product.price} products={substitutes} />
      <SimilarProducts key={`similar-${product._id}`} products={similar} />
      <RecentlyViewedAfterHydration productId={product._id} />
      {root?.publicUrl ? <ProductJsonLd product={product} publicUrl={root.publicUrl} /> : null}
    </main>
  );
}

/**
 * Its own component, so that the switch from "hydrating" to "hydrated" re-renders only this and
 * not the whole page (a useHydrated in Product re-rendered every section right after hydration).
 */
function RecentlyViewedAfterHydration({ productId }: { productId: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <RecentlyViewed productId={productId} />
    </Suspense>
  );
}

function ProductView({
  product,
  reviews,
  signedIn,
  accountEmail,
  actionResult,
}: {
  product: ProductJson;
  reviews: Route.ComponentProps["loaderData"]["reviews"];
  signedIn: boolean;
  /** The signed-in account has an email (an account made by phone may not): back-in-stock news goes there. */
  accountEmail: boolean;
  actionResult?: ReviewResult;
}) {
  const [searchParams] = useSearchParams();
  const requested = searchParams.get("tab");
  const [tab, setTab] = useState<ProductTab>(actionResult ? "reviews" : isProductTab(requested) ? requested : "description");
  const [quantity, setQuantity] = useState(1);
  const inStock = product.countInStock > 0;
  const t = useT();
  const lp = useLocalePath();
  // Subcategories and tags are the catalogue's English words.
  const english = lp("/") === "/" ? undefined : "en";

  const showReviews = (event: React.MouseEvent) => {
    event.preventDefault();
    setTab("reviews");
    const tabs = document.getElementById("product-info");
    tabs?.scrollIntoView({ behavior: "smooth", block: "start" });
    document.getElementById("product-tab-reviews")?.focus({ preventScroll: true });
  };

  return (
    <>
      <div className="mt-3 grid gap-8 md:grid-cols-2 lg:gap-12">
        <ImageGallery images={product.images} name={product.name} />
        <div>
          {product.bestseller ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-accent-600 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-white">
              <Award className="h-4 w-4" aria-hidden />
              {t("product.bestseller")}
            </span>
          ) : null}
          <h1 className="mt-2 text-2xl font-bold text-gray-900 sm:text-3xl">{product.name}</h1>
          {product.brand ? <p className="mt-1 text-sm text-gray-700">{t("product.by", { brand: product.brand })}</p> : null}
          <RatingSummary rating={product.rating} numReviews={product.numReviews} onShowReviews={showReviews} />

          <div className="mt-5">
            <Price price={product.price} mrp={product.mrp} size="lg" />
            <p className="mt-1 text-sm text-gray-700">{t("product.inclusiveTaxes")}</p>
          </div>

          <ul className="mt-5 flex flex-wrap gap-2" aria-label={t("product.chipsLabel")}>
            <Chip to={{ pathname: lp("/collections/all"), search: listingSearch({ ...NO_FILTERS, category: categorySlug(product.category) ?? "" }) }}>
              {categoryName(product.category, t)}
            </Chip>
            {product.subcategory ? (
              <Chip
                lang={english}
                to={{
                  pathname: lp("/collections/all"),
                  search: listingSearch({ ...NO_FILTERS, category: categorySlug(product.category) ?? "", subcategories: [product.subcategory] }),
                }}
              >
                {product.subcategory}
              </Chip>
            ) : null}
            {product.tags.map((tag) => (
              <li key={tag} lang={english} className="rounded-full bg-gray-100 px-3 py-1 text-xs font-medium text-gray-800">
                {tag}
              </li>
            ))}
          </ul>

          <p className={`mt-5 font-semibold ${inStock ? "text-green-800" : "text-red-800"}`}>
            {inStock ? t("product.inStock", { count: product.countInStock }) : t("catalog.outOfStock")}
          </p>
          <ExpiryNote product={product} />

          {product.prescriptionRequired ? (
            <div className="mt-4 flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900" role="note">
              <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
              <div>
                <RxChip />
                <p className="mt-1 font-semibold">{t("product.prescriptionRequired")}</p>
                <p className="mt-1 text-sm">{t("product.prescriptionNote")}</p>
              </div>
            </div>
          ) : null}

          <div className="mt-6 space-y-4 border-t border-gray-200 pt-6">
            <QuantitySelector value={quantity} onChange={setQuantity} countInStock={product.countInStock} packText={product.quantity} />
            <AddToCart product={product} quantity={quantity} />
            {inStock ? null : <NotifyMe productId={product._id} accountEmail={accountEmail} />}
            <p className="text-sm text-gray-700">
              <Link to={lp(`/profile/refills?product=${encodeURIComponent(product._id)}#new`)} className="font-semibold text-brand-800 underline hover:text-brand-900">
                {t("product.refill")}
              </Link>
              {t("product.refillText")}
              {signedIn ? "" : t("product.refillSignIn")}
            </p>
          </div>
          <PageDeliveryCheck className="mt-6" />
          <WhatsAppChatLink text={productChatText(product.name)} className="mt-6" />
        </div>
      </div>
      <Static>
        <MedicineInformation product={product} />
      </Static>
      <ProductTabs product={product} reviews={reviews} signedIn={signedIn} actionResult={actionResult} tab={tab} onTabChange={setTab} />
    </>
  );
}

function Chip({ to, lang, children }: { to: React.ComponentProps<typeof Link>["to"]; lang?: string; children: React.ReactNode }) {
  return (
    <li lang={lang}>
      <Link to={to} className="inline-block rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-xs font-medium text-brand-900 hover:border-brand-600">
        {children}
      </Link>
    </li>
  );
}

function summary(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= DESCRIPTION_CHARS) return flat;
  return `${flat.slice(0, DESCRIPTION_CHARS - 1).replace(/\s+\S*$/, "")}…`;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <ProductNotFound messages={(error.data as { messages?: Messages } | null)?.messages} />;
  return <ErrorPage error={error} />;
}
