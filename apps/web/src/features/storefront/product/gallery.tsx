import { useState } from 'react';
import clsx from 'clsx';
import { ImageOff } from 'lucide-react';
import type { ResponsiveImage } from '@vetrina/shared';
import { GALLERY_SIZES, ResponsiveImg } from '../components/responsive-img';
import { useStorefront } from '../store-context';

export type GalleryImage = Partial<ResponsiveImage> & { url: string; thumbUrl: string };

/**
 * The product's images: the main one loads first (it is the page's largest paint), thumbnails pick
 * another. A chosen variant with its own picture opens on it (the parent keys the gallery by it).
 */
export function Gallery({ images, title, featured }: { images: GalleryImage[]; title: string; featured?: string | null }) {
  const { theme } = useStorefront();
  const list = featured && !images.some((i) => i.url === featured) ? [{ url: featured, thumbUrl: featured }, ...images] : images;
  const [index, setIndex] = useState(() =>
    featured
      ? Math.max(
          0,
          list.findIndex((i) => i.url === featured),
        )
      : 0,
  );
  const current = Math.min(index, list.length - 1);
  const shown = list[current];
  const frame = clsx('relative overflow-hidden bg-black/5', theme.key === 'classico' ? 'aspect-[4/5]' : 'aspect-square', {
    'rounded-3xl': theme.key === 'moderno',
    'rounded-3xl border-4 border-black': theme.key === 'audace',
    'border border-stone-300': theme.key === 'classico',
  });

  if (!shown) {
    return (
      <div className={frame}>
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-sm">
          <ImageOff aria-hidden className="size-10 opacity-50" />
          Nessuna immagine
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <div className={frame}>
        <ResponsiveImg key={shown.url} image={shown} alt={title} sizes={GALLERY_SIZES} priority className="absolute inset-0 size-full object-cover" />
      </div>
      {list.length > 1 && (
        <ul role="list" className="grid grid-cols-5 gap-2">
          {list.map((img, i) => (
            <li key={img.url}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Mostra immagine ${i + 1} di ${list.length}`}
                aria-pressed={i === current}
                className={clsx(
                  'relative block aspect-square w-full overflow-hidden bg-black/5 ring-offset-2 transition aria-pressed:ring-2 aria-pressed:ring-(--sf-primary-ink) ',
                  theme.key === 'moderno' || theme.key === 'audace' ? 'rounded-xl' : 'rounded-none',
                )}
              >
                <img src={img.thumbUrl} alt="" loading="lazy" className="absolute inset-0 size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
