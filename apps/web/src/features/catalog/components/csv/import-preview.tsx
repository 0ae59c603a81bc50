import type { ReactNode } from 'react';
import type { ProductImportResult } from '@vetrina/shared/csv';
import { plural } from '@vetrina/shared/plural';
import { formatCents } from '@/lib/format';

/** "3 prodotti da creare, 1 da aggiornare": what the file would do, in a line per kind. */
function summaryLines(r: ProductImportResult): string[] {
  const lines = [
    r.products.create || r.products.update
      ? `${plural(r.products.create, 'prodotto nuovo', 'prodotti nuovi')}, ${plural(r.products.update, 'da aggiornare', 'da aggiornare')}`
      : '',
    r.variants.create || r.variants.update
      ? `${plural(r.variants.create, 'variante nuova', 'varianti nuove')}, ${plural(r.variants.update, 'da aggiornare', 'da aggiornare')}`
      : '',
    r.categories.create ? plural(r.categories.create, 'categoria nuova', 'categorie nuove') : '',
  ];
  return lines.filter(Boolean);
}

/** A short scrolling table of the preview (the first rows, or the errors), its header kept in view. */
function PreviewTable({ caption, columns, children }: { caption: string; columns: Array<{ label: string; numeric?: boolean }>; children: ReactNode }) {
  return (
    <div className="max-h-64 overflow-auto rounded-md border">
      <table className="w-full text-left">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-background">
          <tr className="border-b">
            {columns.map((c) => (
              <th key={c.label} scope="col" className={c.numeric ? 'px-2 py-1.5 text-right' : 'px-2 py-1.5'}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The preview of an import: counts, the first rows, and every error with the row Excel shows it on. */
export function ImportPreview({ result }: { result: ProductImportResult }) {
  return (
    <div className="grid gap-4 text-sm">
      <div>
        <p className="font-medium">{plural(result.rows, 'riga letta', 'righe lette')}</p>
        <ul className="text-muted-foreground">
          {summaryLines(result).map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      </div>
      {result.notices.map((n) => (
        <p key={n} className="rounded-md bg-muted px-3 py-2 text-muted-foreground">
          {n}
        </p>
      ))}
      {result.errorCount > 0 ? (
        <div className="grid gap-2">
          <p role="alert" className="font-medium text-destructive">
            {result.errorCount === 1 ? 'Il file contiene un errore' : `Il file contiene ${result.errorCount} errori`}: correggilo e carica di nuovo il file.
            {result.errorCount > result.errors.length && ` Qui sotto i primi ${result.errors.length}.`}
          </p>
          <PreviewTable caption="Errori del file" columns={[{ label: 'Riga' }, { label: 'Colonna' }, { label: 'Errore' }]}>
            {result.errors.map((e, i) => (
              <tr key={`${e.line}-${i}`} className="border-b last:border-0 align-top">
                <td className="px-2 py-1.5 tabular-nums">{e.line}</td>
                <td className="px-2 py-1.5">{e.column ?? '—'}</td>
                <td className="px-2 py-1.5">{e.message}</td>
              </tr>
            ))}
          </PreviewTable>
        </div>
      ) : (
        result.sample.length > 0 && (
          <PreviewTable
            caption="Prime righe del file"
            columns={[{ label: 'Riga' }, { label: 'Prodotto' }, { label: 'SKU' }, { label: 'Prezzo', numeric: true }, { label: 'Giacenza', numeric: true }]}
          >
            {result.sample.map((s) => (
              <tr key={s.line} className="border-b last:border-0">
                <td className="px-2 py-1.5 tabular-nums">{s.line}</td>
                <td className="max-w-48 truncate px-2 py-1.5" title={s.variant ? `${s.title} · ${s.variant}` : s.title}>
                  {s.title}
                  {s.variant && <span className="text-muted-foreground"> · {s.variant}</span>}
                  {s.action === 'update' && <span className="text-muted-foreground"> (aggiorna)</span>}
                </td>
                <td className="px-2 py-1.5">{s.sku}</td>
                <td className="px-2 py-1.5 text-right tabular-nums">{formatCents(s.priceCents)}</td>
                <td className="px-2 py-1.5 text-right tabular-nums">{s.stock ?? '—'}</td>
              </tr>
            ))}
          </PreviewTable>
        )
      )}
    </div>
  );
}
