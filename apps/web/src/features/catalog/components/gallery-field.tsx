import { useState } from 'react';
import { ArrowLeft, ArrowRight, X } from 'lucide-react';
import { LIMITS } from '@vetrina/shared';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import type { Gallery } from '../use-gallery';
import { ImageDropZone } from './image-drop-zone';

const tileButton =
  'flex size-7 items-center justify-center rounded-full bg-background/90 text-foreground shadow hover:bg-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-40';

/** The product images: drop zone, upload progress, tiles to reorder (buttons or drag) and remove; the first is the cover. */
export function GalleryField({ gallery, disabled }: { gallery: Gallery; disabled?: boolean }) {
  const [dragging, setDragging] = useState<number | null>(null);
  const { images } = gallery;
  const full = images.length >= LIMITS.productImagesMax;
  return (
    <div className="grid gap-3">
      {images.length > 0 && (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-5" aria-label="Immagini del prodotto, la prima è la copertina">
          {images.map((img, i) => (
            <li
              key={img.id}
              draggable={!disabled}
              onDragStart={() => setDragging(i)}
              onDragOver={(e) => dragging !== null && e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                if (dragging !== null) gallery.move(dragging, i);
                setDragging(null);
              }}
              onDragEnd={() => setDragging(null)}
              className={cn('relative aspect-square overflow-hidden rounded-lg border bg-muted', dragging === i && 'opacity-50')}
              data-testid="gallery-image"
            >
              <img src={img.thumbUrl} alt={`Immagine ${i + 1}${i === 0 ? ' (copertina)' : ''}`} className="size-full object-cover" />
              {i === 0 && <Badge className="absolute left-1.5 top-1.5">Copertina</Badge>}
              <button
                type="button"
                className={cn(tileButton, 'absolute right-1.5 top-1.5')}
                onClick={() => gallery.remove(img.id)}
                disabled={disabled}
                aria-label={`Rimuovi immagine ${i + 1}`}
              >
                <X className="size-4" aria-hidden />
              </button>
              <div className="absolute inset-x-1.5 bottom-1.5 flex justify-between">
                <button
                  type="button"
                  className={tileButton}
                  onClick={() => gallery.move(i, i - 1)}
                  disabled={disabled || i === 0}
                  aria-label={`Sposta immagine ${i + 1} a sinistra`}
                >
                  <ArrowLeft className="size-4" aria-hidden />
                </button>
                <button
                  type="button"
                  className={tileButton}
                  onClick={() => gallery.move(i, i + 1)}
                  disabled={disabled || i === images.length - 1}
                  aria-label={`Sposta immagine ${i + 1} a destra`}
                >
                  <ArrowRight className="size-4" aria-hidden />
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {gallery.progress !== null && (
        <div className="grid gap-1" role="status">
          <span className="text-xs text-muted-foreground">Caricamento immagini… {Math.round(gallery.progress * 100)}%</span>
          <progress className="h-2 w-full overflow-hidden rounded-full accent-primary" max={1} value={gallery.progress} aria-label="Avanzamento caricamento" />
        </div>
      )}
      {!full && (
        <ImageDropZone
          onFiles={gallery.addFiles}
          disabled={disabled || gallery.uploading}
          hint={`PNG, JPG, WEBP (max 5MB ciascuna, fino a ${LIMITS.productImagesMax}). La prima immagine è la copertina.`}
        />
      )}
    </div>
  );
}
