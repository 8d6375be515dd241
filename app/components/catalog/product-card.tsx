import { Link } from "react-router";
import type { ProductImageJson, ProductJson } from "#common/catalog.ts";
import { formatRupees, rupeesToPaise } from "#common/money.ts";
import { CardAddToCart } from "~/components/cart/card-add-to-cart";
import { maxQuantity } from "~/components/product/quantity-selector";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { Static } from "~/components/ui/static";
import { CardRating } from "./card-rating";
import { Price } from "./price";
import { RxChip } from "./rx-chip";
import { useLocalePath, useT } from "~/lib/i18n";

/** What a product card shows: a slice of ProductJson, so listing pages ship less data. */
export interface CardProduct {
  _id: string;
  name: string;
  description: string;
  price: number;
  mrp: number;
  image: ProductImageJson | null;
  prescriptionRequired: boolean;
  inStock: boolean;
  /** From stored, visible reviews only (decisions/026). */
  rating: number;
  numReviews: number;
  /** The most one Add to Cart may take: the stock, at most 10 (the product page's limit). */
  maxQuantity: number;
}

const DESCRIPTION_CHARS = 160;

export function toCardProduct(product: ProductJson): CardProduct {
  const description =
    product.description.length > DESCRIPTION_CHARS
      ? `${product.description.slice(0, DESCRIPTION_CHARS).replace(/\s+\S*$/, "")}…`
      : product.description;
  return {
    _id: product._id,
    name: product.name,
    description,
    price: product.price,
    mrp: product.mrp,
    image: product.images[0] ?? null,
    prescriptionRequired: product.prescriptionRequired,
    inStock: product.countInStock > 0,
    rating: product.rating,
    numReviews: product.numReviews,
    maxQuantity: maxQuantity(product.countInStock),
  };
}

/** Image widths on the listing grid: two columns on phones, three beside the filters on wide screens. */
export const CARD_IMAGE_SIZES = "(max-width: 639px) 46vw, (max-width: 900px) 30vw, (max-width: 1280px) 26vw, 300px";

/** What a card's static parts are made from: when it changes, they render afresh (decisions/060). */
const cardVersion = (product: CardProduct) =>
  [product.name, product.description, product.price, product.mrp, product.image?.url, product.inStock, product.rating, product.numReviews].join("|");

export function ProductCard({
  product,
  priority = false,
  sizes = CARD_IMAGE_SIZES,
  addToCart = true,
}: {
  product: CardProduct;
  /** The first cards on the page: their images are the LCP candidates. */
  priority?: boolean;
  sizes?: string;
  /** Add to Cart with a quantity stepper (listing and New Arrivals; not on a product page's own lists). */
  addToCart?: boolean;
}) {
  const t = useT();
  const lp = useLocalePath();
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      {/* The picture and the text are never hydrated (decisions/060); Add to Cart and the link are. */}
      <Static watch={cardVersion(product)}>
      <div className="relative aspect-square bg-gray-50">
        <ResponsiveImage
          src={product.image?.url ?? "/images/placeholder-product.svg"}
          alt={product.image?.altText ?? product.name}
          width={400}
          height={400}
          sizes={sizes}
          maxWidth={800}
          priority={priority}
          className="h-full w-full object-contain"
        />
        {product.prescriptionRequired ? <RxChip className="absolute left-2 top-2" /> : null}
        {!product.inStock ? (
          <span className="absolute bottom-2 left-2 rounded-full bg-gray-800 px-2 py-0.5 text-xs font-semibold text-white">{t("catalog.outOfStock")}</span>
        ) : null}
      </div>
      </Static>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <Static watch={cardVersion(product)}>
        <h3 className="text-sm font-semibold leading-snug text-gray-900 sm:text-base">{product.name}</h3>
        <p className="line-clamp-2 text-sm text-gray-700">{product.description}</p>
        <CardRating rating={product.rating} numReviews={product.numReviews} />
        <div className="mt-auto pt-1">
          <Price price={product.price} mrp={product.mrp} />
          {product.mrp > product.price ? (
            <p className="text-xs font-semibold text-green-800">
              {t("catalog.youSave", { amount: formatRupees(rupeesToPaise(product.mrp) - rupeesToPaise(product.price)) })}
            </p>
          ) : null}
        </div>
        </Static>
        {addToCart && product.inStock ? <CardAddToCart productId={product._id} name={product.name} maxQuantity={product.maxQuantity} /> : null}
        <Link
          to={lp(`/product/${product._id}`)}
          prefetch="intent"
          className="mt-1 inline-flex justify-center rounded-md border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-800 after:absolute after:inset-0 after:content-[''] hover:bg-brand-50"
        >
          {t("catalog.viewDetails")}
          <span className="sr-only">: {product.name}</span>
        </Link>
      </div>
    </article>
  );
}
