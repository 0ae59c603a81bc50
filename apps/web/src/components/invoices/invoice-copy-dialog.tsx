import { useRef } from 'react';
import { Printer } from 'lucide-react';
import type { Invoice } from '@vetrina/shared/invoices';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { INVOICE_KIND_LABELS, useInvoiceCopy } from '@/lib/invoices';

/**
 * The courtesy copy in a frame of the dashboard, with 'Stampa' (the browser's print, or save as PDF).
 * The page needs the session's bearer token, so it is fetched and shown with srcDoc rather than
 * opened by address. The frame runs no script (sandbox without allow-scripts); same origin and
 * modals only so that 'Stampa' can call its print().
 */
export function InvoiceCopyDialog({
  storeId,
  invoice,
  onClose,
}: {
  storeId: string;
  invoice: Pick<Invoice, 'id' | 'kind' | 'number'> | null;
  onClose: () => void;
}) {
  const copy = useInvoiceCopy(storeId, invoice?.id ?? null);
  const frame = useRef<HTMLIFrameElement>(null);
  const title = invoice ? `${INVOICE_KIND_LABELS[invoice.kind]} n. ${invoice.number}` : 'Copia di cortesia';
  return (
    <Dialog open={Boolean(invoice)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>Copia di cortesia · {title}</DialogTitle>
          <DialogDescription>
            Da inviare o stampare per il cliente. Il documento valido ai fini fiscali è il file XML trasmesso al Sistema di Interscambio.
          </DialogDescription>
        </DialogHeader>
        {copy.isPending ? (
          <div aria-busy>
            <p className="sr-only">Caricamento della copia di cortesia…</p>
            <Skeleton className="h-[60vh]" />
          </div>
        ) : copy.isError ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed p-4">
            <p role="alert" className="text-sm">
              {errorMessage(copy.error, 'Impossibile caricare la copia di cortesia')}
            </p>
            <Button variant="outline" size="sm" onClick={() => void copy.refetch()}>
              Riprova
            </Button>
          </div>
        ) : (
          <iframe
            ref={frame}
            title={`Copia di cortesia: ${title}`}
            srcDoc={copy.data}
            sandbox="allow-same-origin allow-modals"
            className="h-[60vh] w-full rounded-md border bg-white"
            data-testid="invoice-copy-frame"
          />
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Chiudi
          </Button>
          <Button onClick={() => frame.current?.contentWindow?.print()} disabled={!copy.data}>
            <Printer aria-hidden /> Stampa
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
