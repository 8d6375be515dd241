import { Suspense } from "react";
import { Await, Link } from "react-router";
import type { ProductJson } from "#common/catalog.ts";
import { formatRupeeAmount } from "#common/money.ts";
import { Price } from "~/components/catalog/price";
import { RxChip } from "~/components/catalog/rx-chip";
import { type Translate, useLocalePath, useT } from "~/lib/i18n";

/** What a substitute's row shows (a slice of ProductJson). */
export interface SubstituteItem {
  _id: string;
  name: string;
  maker: string | null;
  packText: string | null;
  price: number;
  mrp: number;
  prescriptionRequired: boolean;
  inStock: boolean;
}

export function toSubstitute(product: ProductJson): SubstituteItem {
  return {
    _id: product._id,
    name: product.name,
    maker: product.brand,
    packText: product.quantity,
    price: product.price,
    mrp: product.mrp,
    prescriptionRequired: product.prescriptionRequired,
    inStock: product.countInStock > 0,
  };
}

/**
 * "Substitutes": other products with the same salt composition, cheapest first
 * (GET /api/products/:id/substitutes; decisions/028). Streamed after the page; none, or a failure,
 * renders nothing.
 */
export function Substitutes({
  composition,
  price,
  products,
}: {
  composition: string | null;
  /** This product's price, to say how much less or more each substitute costs. */
  price: number;
  products: Promise<SubstituteItem[]>;
}) {
  const t = useT();
  const lp = useLocalePath();
  if (!composition) return null;
  return (
    <Suspense fallback={null}>
      <Await resolve={products} errorElement={null}>
        {(list) =>
          list.length > 0 ? (
            <section aria-labelledby="substitutes-heading" className="below-fold mt-12">
              <h2 id="substitutes-heading" className="text-2xl font-bold text-gray-900">
                {t("product.substitutes.heading")}
              </h2>
              <p className="mt-2 text-gray-800">
                {t("product.substitutes.intro", { composition })}
              </p>
              <ul className="mt-4 divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
                {list.map((item) => (
                  <li key={item._id} className="relative flex flex-wrap items-center justify-between gap-x-4 gap-y-1 p-4 hover:bg-gray-50">
                    <div className="min-w-0">
                      <Link
                        to={lp(`/product/${item._id}`)}
                        prefetch="intent"
                        className="font-semibold text-brand-800 underline-offset-2 after:absolute after:inset-0 after:content-[''] hover:underline"
                      >
                        {item.name}
                      </Link>
                      <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-gray-700">
                        {[item.maker, item.packText].filter(Boolean).join(" · ")}
                        {item.prescriptionRequired ? <RxChip /> : null}
                        {item.inStock ? null : <span className="font-medium text-red-800">{t("product.substitutes.outOfStock")}</span>}
                      </p>
                    </div>
                    <div className="sm:text-right">
                      <Price price={item.price} mrp={item.mrp} />
                      <p className="text-xs text-gray-700">{difference(item.price, price, t)}</p>
                    </div>
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

function difference(substitute: number, product: number, t: Translate): string {
  if (substitute === product) return t("product.substitutes.same");
  const amount = formatRupeeAmount(Math.abs(Math.round((substitute - product) * 100)) / 100);
  return substitute < product ? t("product.substitutes.less", { amount }) : t("product.substitutes.more", { amount });
}
