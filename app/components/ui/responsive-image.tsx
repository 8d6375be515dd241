import { imageSrcSet, imageUrl, PRODUCT_PLACEHOLDER } from "#common/images.ts";

interface ResponsiveImageProps extends Omit<React.ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet"> {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** The `sizes` attribute: how wide the image is shown at each viewport width. */
  sizes: string;
  /** The largest width worth offering (usually twice the biggest displayed width). */
  maxWidth?: number;
  /** The page's LCP image: loaded eagerly with high priority. */
  priority?: boolean;
  /** Shown when the image fails to load. */
  fallback?: string;
}

/** An <img> served by the image route: resized (srcset over the allowed widths), AVIF/WebP, lazy unless priority. */
export function ResponsiveImage({
  src,
  alt,
  width,
  height,
  sizes,
  maxWidth = 1200,
  priority = false,
  fallback = PRODUCT_PLACEHOLDER,
  ...rest
}: ResponsiveImageProps) {
  return (
    <img
      src={imageUrl(src, Math.min(width, maxWidth))}
      srcSet={imageSrcSet(src, maxWidth)}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? "sync" : "async"}
      data-fallback-src={fallback}
      {...rest}
    />
  );
}

/**
 * Shows an image's fallback when it fails to load: one listener for the whole document (an
 * image's `error` does not bubble, so it listens in the capture phase), which also serves images
 * in parts of the page that are never hydrated (`<Static>`, decisions/060). Set up when this
 * module first runs in the browser, before the page hydrates.
 */
function showFallback(img: HTMLImageElement) {
  if (!img.dataset.fallbackSrc || img.dataset.fallback) return;
  img.dataset.fallback = "1";
  img.removeAttribute("srcset");
  img.src = img.dataset.fallbackSrc;
}

if (typeof document !== "undefined") {
  document.addEventListener("error", (event) => event.target instanceof HTMLImageElement && showFallback(event.target), true);
  // Those that failed before this code arrived.
  for (const img of document.images) if (img.complete && img.naturalWidth === 0 && img.currentSrc) showFallback(img);
}
