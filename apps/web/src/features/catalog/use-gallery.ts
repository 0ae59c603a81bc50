import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { LIMITS, type ProductImage } from '@vetrina/shared';
import { errorMessage } from '@/lib/api';
import { deleteProductImage, imageFileError, uploadProductImages } from './api/images';
import { plural } from '@vetrina/shared/plural';

/**
 * The product form's gallery: images upload as soon as they are dropped (toast 'Immagini caricate'),
 * the order is kept here (first is the cover) and sent with the product on save. Images uploaded in
 * this visit and removed again are deleted at once; saved ones go when the product is saved.
 */
export function useGallery(storeId: string, initial: ProductImage[]) {
  const [images, setImages] = useState<ProductImage[]>(initial);
  const [progress, setProgress] = useState<number | null>(null);
  const uploadedHere = useRef(new Set<string>());

  async function addFiles(files: File[]) {
    if (!files.length) return;
    const room = LIMITS.productImagesMax - images.length;
    if (files.length > room) {
      toast.error('Errore caricamento', { description: `Too many files (massimo ${LIMITS.productImagesMax} immagini per prodotto)` });
      return;
    }
    const bad = files.map(imageFileError).find(Boolean);
    if (bad) {
      toast.error('Errore caricamento', { description: bad });
      return;
    }
    setProgress(0);
    try {
      const added = await uploadProductImages(storeId, files, 'product', setProgress);
      for (const img of added) uploadedHere.current.add(img.id);
      setImages((prev) => [...prev, ...added]);
      toast.success('Immagini caricate', { description: plural(added.length, 'immagine aggiunta', 'immagini aggiunte') });
    } catch (err) {
      toast.error('Errore caricamento', { description: errorMessage(err, 'Riprova più tardi') });
    } finally {
      setProgress(null);
    }
  }

  function remove(id: string) {
    setImages((prev) => prev.filter((i) => i.id !== id));
    if (uploadedHere.current.delete(id)) void deleteProductImage(storeId, id).catch(() => undefined);
  }

  function move(from: number, to: number) {
    setImages((prev) => {
      if (to < 0 || to >= prev.length || from === to) return prev;
      const next = [...prev];
      const [item] = next.splice(from, 1);
      next.splice(to, 0, item!);
      return next;
    });
  }

  /** After a save the server owns the images: nothing uploaded here is "unsaved" any more. */
  function markSaved(saved: ProductImage[]) {
    uploadedHere.current.clear();
    setImages(saved);
  }

  return { images, progress, uploading: progress !== null, addFiles, remove, move, markSaved };
}
export type Gallery = ReturnType<typeof useGallery>;
