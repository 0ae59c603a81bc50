import type { ResponsiveImage } from '@vetrina/shared';

/**
 * A picture at the width the layout needs: `srcset` lists the stored copies (320, 640, 1200 px…),
 * `sizes` says how wide it is drawn, width and height reserve its space (no layout shift). The
 * page's first picture is eager with high priority (it is the largest paint); the others are lazy.
 */
export function ResponsiveImg({
  image,
  alt,
  sizes,
  priority = false,
  eager = priority,
  className,
}: {
  image: Partial<ResponsiveImage> & { url: string };
  alt: string;
  sizes: string;
  priority?: boolean;
  eager?: boolean;
  className?: string;
}) {
  const srcset = image.srcset?.length ? image.srcset.map((s) => `${s.url} ${s.width}w`).join(', ') : undefined;
  return (
    <img
      src={image.url}
      srcSet={srcset}
      sizes={srcset ? sizes : undefined}
      width={image.width ?? undefined}
      height={image.height ?? undefined}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
}

/** How wide a product card's picture is drawn: 2 columns on phones, 3 on tablets, 4 on desktops. */
export const CARD_SIZES = '(min-width: 1280px) 300px, (min-width: 768px) 33vw, 50vw';
/** The product page's main picture: full width on phones, half the page from tablets up. */
export const GALLERY_SIZES = '(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw';
