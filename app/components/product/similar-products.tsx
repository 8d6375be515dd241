import { lazy, Suspense } from "react";
import { Await } from "react-router";
import type { CardProduct } from "~/components/catalog/product-card";
import { useT } from "~/lib/i18n";

/** The cards come with the streamed list, below the fold, not with the page's first modules (decisions/037's budget). */
const ProductCard = lazy(() => import("~/components/catalog/product-card").then((module) => ({ default: module.ProductCard })));

const SIMILAR_SIZES = "(max-width: 639px) 46vw, (max-width: 1023px) 30vw, 300px";

/** 'You May Also Like': streamed after the page; a failure or an empty list renders nothing. */
export function SimilarProducts({ products }: { products: Promise<CardProduct[]> }) {
  const t = useT();
  return (
    <Suspense fallback={<SimilarSkeleton />}>
      <Await resolve={products} errorElement={null}>
        {(list) =>
          list.length > 0 ? (
            <section aria-labelledby="similar-heading" className="below-fold mt-12">
              <h2 id="similar-heading" className="text-2xl font-bold text-gray-900">
                {t("product.similar")}
              </h2>
              <ul className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4">
                {list.map((product) => (
                  <li key={product._id}>
                    <ProductCard product={product} sizes={SIMILAR_SIZES} addToCart={false} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null
        }
      </Await>
    </Suspense>
  );
}

function SimilarSkeleton() {
  return (
    <div className="mt-12" aria-hidden>
      <div className="h-8 w-56 rounded bg-gray-100" />
      <div className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4">
        {[0, 1, 2, 3].map((item) => (
          <div key={item} className="aspect-[3/4] rounded-lg bg-gray-100" />
        ))}
      </div>
    </div>
  );
}
