import { useState } from 'react';
import { toast } from 'sonner';
import { X } from 'lucide-react';
import type { ProductImage } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { imageFileError, uploadProductImages } from '../api/images';
import { ImageDropZone } from './image-drop-zone';

/** A variant's one optional image: uploaded when chosen, attached when the variant is saved. */
export function VariantImageField({
  storeId,
  image,
  onChange,
  onUploaded,
}: {
  storeId: string;
  image: ProductImage | null;
  onChange: (img: ProductImage | null) => void;
  onUploaded: (img: ProductImage) => void;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  async function pick(files: File[]) {
    const file = files[0];
    if (!file) return;
    const bad = files.length > 1 ? 'Too many files' : imageFileError(file);
    if (bad) {
      toast.error('Errore caricamento', { description: bad });
      return;
    }
    setProgress(0);
    try {
      const [img] = await uploadProductImages(storeId, [file], 'variant', setProgress);
      if (img) {
        onUploaded(img);
        onChange(img);
        toast.success('Immagini caricate');
      }
    } catch (err) {
      toast.error('Errore caricamento', { description: errorMessage(err, 'Riprova più tardi') });
    } finally {
      setProgress(null);
    }
  }
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium">Immagine (facoltativa)</p>
      {image ? (
        <div className="flex items-center gap-3">
          <img src={image.thumbUrl} alt="Immagine della variante" className="size-20 rounded-md border object-cover" />
          <Button variant="outline" size="sm" onClick={() => onChange(null)}>
            <X aria-hidden /> Rimuovi immagine
          </Button>
        </div>
      ) : (
        <ImageDropZone onFiles={pick} multiple={false} disabled={progress !== null} hint="PNG, JPG, WEBP (max 5MB)" />
      )}
      {progress !== null && <progress className="h-2 w-full accent-primary" max={1} value={progress} aria-label="Avanzamento caricamento" />}
    </div>
  );
}
