import type { DemoProduct } from "./products.ts";

/** The pack drawn for a product's generated image (scripts/generate-images.mjs). */
export type PackShape = "carton" | "pill-bottle" | "syrup-bottle" | "jar" | "sachet" | "tube" | "vial";

const SHAPE_NOUN: Record<PackShape, string> = {
  carton: "Carton",
  "pill-bottle": "Bottle",
  "syrup-bottle": "Bottle",
  jar: "Jar",
  sachet: "Pack",
  tube: "Tube",
  vial: "Vial",
};

export function packShapeOf(product: Pick<DemoProduct, "form" | "packText">): PackShape {
  switch (product.form) {
    case "Tablet":
      return "carton";
    case "Capsule":
      return "pill-bottle";
    case "Syrup":
      return "syrup-bottle";
    case "Topical":
      return /ml/i.test(product.packText) ? "syrup-bottle" : "tube";
    case "Injection":
      return "vial";
    case "Powder":
      return /sachet/i.test(product.packText) ? "sachet" : "jar";
  }
}

/** How many tags the second image lists as highlights. */
export const HIGHLIGHT_COUNT = 5;

/** Products that also get a second image: the pack beside a card of their highlights. */
export function hasSecondImage(product: Pick<DemoProduct, "bestseller">): boolean {
  return product.bestseller === true;
}

export function productImageFiles(product: Pick<DemoProduct, "sku" | "bestseller">): string[] {
  const base = product.sku.toLowerCase();
  return hasSecondImage(product) ? [`${base}.webp`, `${base}-2.webp`] : [`${base}.webp`];
}

/** The `images` column of a demo product: URLs under /images/products with alt text. */
export function productImages(product: DemoProduct): { url: string; altText: string }[] {
  const noun = SHAPE_NOUN[packShapeOf(product)];
  const size = product.packText.startsWith("/") ? `single ${product.packText.slice(1)}` : product.packText;
  const alts = [
    `${noun} of ${product.name} by ${product.brand} (${size.toLowerCase()})`,
    `${product.name} pack beside its key highlights: ${product.tags.slice(0, HIGHLIGHT_COUNT).join(", ")}`,
  ];
  return productImageFiles(product).map((file, index) => ({
    url: `/images/products/${file}`,
    altText: alts[index] ?? product.name,
  }));
}
