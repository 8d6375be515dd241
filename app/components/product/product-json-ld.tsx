import type { ProductJson } from "#common/catalog.ts";
import { imageUrl } from "#common/images.ts";
import { isMedicine, makerParts } from "#common/medicine-information.ts";
import { useNonce } from "~/lib/request-info";

/** schema.org Product data for search engines; `<` is escaped so the text cannot close the script. */
export function ProductJsonLd({ product, publicUrl }: { product: ProductJson; publicUrl: string }) {
  const nonce = useNonce();
  const medicine = isMedicine(product);
  const data = {
    "@context": "https://schema.org",
    // A medicine is also a schema.org Drug (decisions/027), so its salt and prescription status are machine-readable.
    "@type": medicine ? ["Product", "Drug"] : "Product",
    name: product.name,
    image: product.images.map((image) => absoluteImageUrl(publicUrl, image.url)),
    description: product.description,
    sku: product.sku,
    ...(product.brand ? { brand: { "@type": "Brand", name: product.brand } } : {}),
    ...medicineJsonLd(product, medicine),
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

/** Drug properties for a medicine; maker and country of origin for any product that has them. */
function medicineJsonLd(product: ProductJson, medicine: boolean) {
  const maker = product.manufacturer ? makerParts(product.manufacturer) : null;
  return {
    ...(medicine && product.composition ? { activeIngredient: product.composition } : {}),
    ...(medicine && product.form ? { dosageForm: product.form } : {}),
    ...(medicine
      ? { prescriptionStatus: product.prescriptionRequired ? "https://schema.org/PrescriptionOnly" : "https://schema.org/OTC" }
      : {}),
    ...(maker ? { manufacturer: { "@type": "Organization", name: maker.name, ...(maker.address ? { address: maker.address } : {}) } } : {}),
    ...(product.countryOfOrigin ? { countryOfOrigin: { "@type": "Country", name: product.countryOfOrigin } } : {}),
  };
}
