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
      onError={(event) => {
        const img = event.currentTarget;
        if (img.dataset.fallback) return;
        img.dataset.fallback = "1";
        img.removeAttribute("srcset");
        img.src = fallback;
      }}
      {...rest}
    />
  );
}
