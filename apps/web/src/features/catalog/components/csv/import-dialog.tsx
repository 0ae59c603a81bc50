import { useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Upload } from 'lucide-react';
import { CSV_LIMITS, csvMsg, type ProductImportResult } from '@vetrina/shared/csv';
import { plural } from '@vetrina/shared/plural';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api';
import { catalogKeys } from '../../api/keys';
import { uploadProductCsv } from './csv-api';
import { ImportPreview } from './import-preview';
import { ImportProgress } from './import-progress';

type Phase = 'idle' | 'checking' | 'preview' | 'importing';

/**
 * 'Importa CSV': choose a file → it is checked at once (a dry run on the server) → the preview shows
 * counts, first rows and errors with their rows → 'Importa' (only without errors) writes it all or nothing.
 */
export function ProductImportDialog({ storeId }: { storeId: string }) {
  const qc = useQueryClient();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [preview, setPreview] = useState<ProductImportResult | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const reset = () => {
    setPhase('idle');
    setFile(null);
    setPreview(null);
    setFileError(null);
    setProgress(0);
    if (inputRef.current) inputRef.current.value = '';
  };

  const check = async (chosen: File) => {
    setFile(chosen);
    setPreview(null);
    setFileError(null);
    if (chosen.size > CSV_LIMITS.maxBytes) {
      setFileError(csvMsg.tooLarge);
      setPhase('idle');
      return;
    }
    setPhase('checking');
    setProgress(0);
    try {
      setPreview(await uploadProductCsv(storeId, chosen, 'preview', setProgress));
      setPhase('preview');
    } catch (err) {
      setFileError(errorMessage(err, 'Impossibile leggere il file'));
      setPhase('idle');
    }
  };

  const apply = async () => {
    if (!file) return;
    setPhase('importing');
    setProgress(0);
    try {
      const result = await uploadProductCsv(storeId, file, 'apply', setProgress);
      await qc.invalidateQueries({ queryKey: catalogKeys.all(storeId) });
      const created = result.products.create;
      const updated = result.products.update;
      toast.success('Importazione completata', {
        description: `${plural(created, 'prodotto creato', 'prodotti creati')}, ${plural(updated, 'aggiornato', 'aggiornati')}`,
      });
      setOpen(false);
      reset();
    } catch (err) {
      // Something changed since the preview (or a rule only the database checks): nothing was written.
      setFileError(errorMessage(err, 'Importazione non riuscita: nessun prodotto è stato importato'));
      setPhase('preview');
    }
  };

  const busy = phase === 'checking' || phase === 'importing';
  const canImport = phase === 'preview' && preview !== null && preview.errorCount === 0 && preview.products.create + preview.products.update > 0;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <Upload aria-hidden /> Importa CSV
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Importa prodotti da CSV</DialogTitle>
          <DialogDescription>
            Le colonne del CSV prodotti di Shopify (Handle, Title, Variant SKU, Variant Price…), come nel file di «Esporta CSV». Un handle già presente aggiorna
            quel prodotto. Fino a {CSV_LIMITS.maxRows.toLocaleString('it-IT')} righe e {CSV_LIMITS.maxBytes / 1024 / 1024} MB; tutto o niente.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <label htmlFor={inputId} className="text-sm font-medium">
            File CSV
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            disabled={busy}
            aria-invalid={fileError ? true : undefined}
            className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm"
            onChange={(e) => {
              const chosen = e.target.files?.[0];
              if (chosen) void check(chosen);
            }}
          />
          {fileError && (
            <p role="alert" className="text-sm text-destructive">
              {fileError}
            </p>
          )}
        </div>
        {busy && <ImportProgress fraction={progress} label={phase === 'checking' ? 'Controllo del file' : 'Importazione'} />}
        {preview && phase !== 'checking' && <ImportPreview result={preview} />}
        <DialogFooter>
          <Button variant="outline" onClick={() => (setOpen(false), reset())} disabled={busy}>
            Annulla
          </Button>
          <Button onClick={() => void apply()} disabled={!canImport}>
            {phase === 'importing' ? 'Importazione…' : 'Importa'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
