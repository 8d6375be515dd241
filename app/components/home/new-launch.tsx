import { ChevronDown, Sparkles } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { ProductImageJson } from "#common/catalog.ts";
import { formatRupees, rupeesToPaise } from "#common/money.ts";
import { AddToCartButton } from "~/components/cart/add-to-cart-button";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { useLocalePath, useT } from "~/lib/i18n";

export const NEW_LAUNCH_NAME = "Macnurish";
/** Spec section 9: Macnurish costs 69 rupees per sachet (used when the catalogue has no row for it). */
const NEW_LAUNCH_PRICE_RUPEES = 69;

/** The ingredients by name (as on the label); what each does is `home.launch.ingredient.<n>`. */
const INGREDIENTS = ["L-Arginine", "Proanthocyanidins", "Lycopene 10%", "L-Methyl Folate", "Zinc"];

/** What the loader sends about the launched product; null when the catalogue lacks it. */
export interface NewLaunchProduct {
  id: string;
  price: number;
  image: ProductImageJson | null;
  inStock: boolean;
}

export function NewLaunch({ product }: { product: NewLaunchProduct | null }) {
  const t = useT();
  const lp = useLocalePath();
  const [open, setOpen] = useState(false);
  const price = formatRupees(rupeesToPaise(product?.price ?? NEW_LAUNCH_PRICE_RUPEES));
  return (
    <section aria-labelledby="new-launch-heading" className="below-fold bg-gradient-to-br from-brand-50 via-white to-pink-50">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:px-6 sm:py-16 md:grid-cols-2">
        <div className="mx-auto aspect-square w-full max-w-md overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-gray-200">
          {product?.image ? (
            <ResponsiveImage
              src={product.image.url}
              alt={product.image.altText}
              width={800}
              height={800}
              sizes="(min-width: 768px) 448px, calc(100vw - 2rem)"
              maxWidth={1200}
              className="h-full w-full object-cover"
            />
          ) : null}
        </div>
        <div>
          <h2
            id="new-launch-heading"
            className="inline-flex items-center gap-2 rounded-full bg-accent-600 px-3 py-1 text-sm font-semibold tracking-wide text-white uppercase"
          >
            <Sparkles className="h-4 w-4" aria-hidden /> {t("home.launch.heading")}
          </h2>
          <h3 lang="en" className="mt-4 text-3xl font-bold text-gray-900 sm:text-4xl">
            {NEW_LAUNCH_NAME}
          </h3>
          <ul className="mt-3 flex gap-2" aria-label={t("home.launch.tags")}>
            <li className="rounded-full border border-pink-200 bg-pink-50 px-3 py-0.5 text-sm font-medium text-pink-900">{t("home.launch.women")}</li>
          </ul>
          <p className="mt-4 text-gray-800">{t("home.launch.text")}</p>
          <p className="mt-4 text-2xl font-bold text-gray-900">
            {price} <span className="text-base font-medium text-gray-700">{t("home.launch.perSachet")}</span>
          </p>

          <button
            type="button"
            className="mt-5 inline-flex items-center gap-2 font-semibold text-brand-800 hover:text-brand-900"
            aria-expanded={open}
            aria-controls="new-launch-ingredients"
            onClick={() => setOpen((value) => !value)}
          >
            {open ? t("home.launch.hide") : t("home.launch.show")}
            <ChevronDown className={`h-5 w-5 transition-transform ${open ? "rotate-180" : ""}`} aria-hidden />
          </button>
          <ul id="new-launch-ingredients" hidden={!open} className="mt-3 space-y-2 border-l-2 border-brand-200 pl-4">
            {INGREDIENTS.map((name, n) => (
              <li key={name} className="text-gray-800">
                <span lang="en" className="font-semibold text-gray-900">
                  {name}
                </span>
                : {t(`home.launch.ingredient.${n}`)}
              </li>
            ))}
          </ul>

          <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3">
            {product ? (
              <>
                <AddToCartButton
                  productId={product.id}
                  name={NEW_LAUNCH_NAME}
                  quantity={1}
                  disabled={!product.inStock}
                  className="inline-flex items-center gap-2 rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-gray-400"
                />
                <Link to={lp(`/product/${product.id}`)} className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900">
                  {t("home.launch.details")}
                </Link>
              </>
            ) : (
              <Link
                to={lp("/collections/women-care")}
                className="inline-flex items-center rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
              >
                {t("home.hero.1.cta")}
              </Link>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
