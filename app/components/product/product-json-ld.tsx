import type { ProductJson } from "#common/catalog.ts";
import { imageUrl } from "#common/images.ts";
import { useNonce } from "~/lib/request-info";

/** schema.org Product data for search engines; `<` is escaped so the text cannot close the script. */
export function ProductJsonLd({ product, publicUrl }: { product: ProductJson; publicUrl: string }) {
  const nonce = useNonce();
  const data = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    image: product.images.map((image) => absoluteImageUrl(publicUrl, image.url)),
    description: product.description,
    sku: product.sku,
    ...(product.brand ? { brand: { "@type": "Brand", name: product.brand } } : {}),
    offers: {
      "@type": "Offer",
      priceCurrency: "INR",
      price: product.price.toFixed(2),
      availability: product.countInStock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      url: `${publicUrl}/product/${product._id}`,
    },
    ...(product.numReviews > 0
      ? { aggregateRating: { "@type": "AggregateRating", ratingValue: product.rating, reviewCount: product.numReviews } }
      : {}),
  };
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}

export function absoluteImageUrl(publicUrl: string, url: string): string {
  const resized = imageUrl(url, 800);
  return /^https?:\/\//.test(resized) ? resized : `${publicUrl}${resized}`;
}
