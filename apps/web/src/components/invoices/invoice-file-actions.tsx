import { useState } from 'react';
import { toast } from 'sonner';
import { FileCode2, FileText } from 'lucide-react';
import type { Invoice } from '@vetrina/shared/invoices';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { downloadInvoiceXml, invoiceOf } from '@/lib/invoices';

type Doc = Pick<Invoice, 'id' | 'kind' | 'number' | 'fileName'>;

/**
 * 'Scarica XML' and 'Copia di cortesia' of one invoice or credit note. `compact` is for table rows
 * ('XML', 'Copia'); the accessible names always say which document.
 */
export function InvoiceFileActions({
  storeId,
  invoice,
  onCopy,
  compact = false,
}: {
  storeId: string;
  invoice: Doc;
  onCopy: (invoice: Doc) => void;
  compact?: boolean;
}) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadInvoiceXml(storeId, invoice);
    } catch (err) {
      toast.error('Impossibile scaricare l’XML', { description: errorMessage(err, 'Riprova più tardi') });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => void download()}
        disabled={downloading}
        aria-label={`Scarica XML ${invoiceOf(invoice)}`}
        data-testid="invoice-download-xml"
      >
        <FileCode2 aria-hidden /> {downloading ? 'Download…' : compact ? 'XML' : 'Scarica XML'}
      </Button>
      <Button variant="outline" size="sm" onClick={() => onCopy(invoice)} aria-label={`Copia di cortesia ${invoiceOf(invoice)}`} data-testid="invoice-copy">
        <FileText aria-hidden /> {compact ? 'Copia' : 'Copia di cortesia'}
      </Button>
    </>
  );
}
