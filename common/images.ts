/** Widths the image route renders (`/images/...?w=`); anything else is rounded up to the next one. */
export const IMAGE_WIDTHS = [80, 160, 300, 480, 640, 800, 1200] as const;

export const PRODUCT_PLACEHOLDER = "/images/placeholder-product.svg";

/** The URL of an image resized to one of the allowed widths. */
export function imageUrl(src: string, width: number): string {
  if (!src.startsWith("/images/") || src.endsWith(".svg")) return src;
  const allowed = IMAGE_WIDTHS.find((w) => w >= width) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  return `${src}${src.includes("?") ? "&" : "?"}w=${allowed}`;
}

/** A srcset over the allowed widths up to `maxWidth`. */
export function imageSrcSet(src: string, maxWidth: number): string | undefined {
  if (!src.startsWith("/images/") || src.endsWith(".svg")) return undefined;
  return IMAGE_WIDTHS.filter((w) => w <= maxWidth)
    .map((w) => `${imageUrl(src, w)} ${w}w`)
    .join(", ");
}
