import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { ProductImageJson, ProductJson } from "#common/catalog.ts";
import { formatRupeeAmount } from "#common/money.ts";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { useLanguage, useLocalePath, useT } from "~/lib/i18n";

/** This browser's recently viewed product ids, newest first (ids only: names and prices are read fresh). */
export const RECENTLY_VIEWED_KEY = "recently-viewed";
const KEPT = 12;
const SHOWN = 6;
const ID = /^[\w-]{1,64}$/;

/** The stored list with `productId` put first, deduplicated and cut to KEPT; anything malformed is dropped. */
export function withViewed(stored: unknown, productId: string): string[] {
  const ids = Array.isArray(stored) ? stored.filter((id): id is string => typeof id === "string" && ID.test(id)) : [];
  return [productId, ...ids.filter((id) => id !== productId)].slice(0, KEPT);
}

function readStored(): unknown {
  try {
    return JSON.parse(window.localStorage.getItem(RECENTLY_VIEWED_KEY) ?? "[]");
  } catch {
    return [];
  }
}

function store(ids: string[]) {
  try {
    window.localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify(ids));
  } catch {
    // Storage full or turned off: the list is a convenience, nothing breaks without it.
  }
}

interface Viewed {
  _id: string;
  name: string;
  price: number;
  image: ProductImageJson | null;
}

/**
 * "Recently Viewed": records this product in the browser (localStorage, ids only) and, after
 * hydration, shows the others viewed before it, each read from GET /api/products/:id, so names,
 * prices and stock are today's. Products that are gone are forgotten. Nothing is rendered on the
 * server (it cannot know this browser's list).
 */
export function RecentlyViewed({ productId }: { productId: string }) {
  const [products, setProducts] = useState<Viewed[]>([]);
  const t = useT();
  const lp = useLocalePath();
  const language = useLanguage();

  useEffect(() => {
    const ids = withViewed(readStored(), productId);
    store(ids);
    const others = ids.slice(1, SHOWN + 1);
    if (others.length === 0) return;
    let cancelled = false;
    void Promise.all(
      others.map(async (id): Promise<Viewed | null | undefined> => {
        try {
          const response = await fetch(`/api/products/${encodeURIComponent(id)}?lang=${language}`, { headers: { Accept: "application/json" } });
          if (response.status === 404) return null;
          if (!response.ok) return undefined;
          const product = (await response.json()) as ProductJson;
          return { _id: product._id, name: product.name, price: product.price, image: product.images[0] ?? null };
        } catch {
          return undefined;
        }
      }),
    ).then((results) => {
      if (cancelled) return;
      // Forget only products the shop says are gone (404), not those a failed request missed.
      const gone = new Set(others.filter((_, index) => results[index] === null));
      if (gone.size > 0) store(withViewed(readStored(), productId).filter((id) => !gone.has(id)));
      setProducts(results.filter((result): result is Viewed => Boolean(result)));
    });
    return () => {
      cancelled = true;
    };
  }, [productId, language]);

  if (products.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed-heading" className="below-fold mt-12">
      <h2 id="recently-viewed-heading" className="text-2xl font-bold text-gray-900">
        {t("product.recentlyViewed")}
      </h2>
      <ul className="mt-5 flex gap-3 overflow-x-auto pb-2 sm:gap-5">
        {products.map((product) => (
          <li key={product._id} className="w-36 flex-none sm:w-44">
            <Link to={lp(`/product/${product._id}`)} prefetch="intent" className="group block rounded-lg border border-gray-200 bg-white p-2 hover:shadow-md">
              <ResponsiveImage
                src={product.image?.url ?? "/images/placeholder-product.svg"}
                alt=""
                width={200}
                height={200}
                sizes="176px"
                maxWidth={400}
                className="aspect-square h-auto w-full rounded bg-gray-50 object-contain"
              />
              <span className="mt-2 line-clamp-2 text-sm font-semibold text-gray-900 group-hover:text-brand-800">{product.name}</span>
              <span className="mt-1 block text-sm font-bold text-gray-900">{formatRupeeAmount(product.price)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
