import type { ReactNode } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { DISCOUNT_KIND_LABELS, formatEuro, type DiscountCode } from '@vetrina/shared';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { availabilityNote, discountAmountLabel, usesLabel, validityLines } from '../discount-text';

// Code · discount · minimum · validity · uses · status · actions, from 1280 px (stacked below). The
// header and every row are subgrids of one grid, so columns size to their widest cell, as in a table.
const COLUMNS = 'xl:grid-cols-[minmax(8rem,1fr)_auto_auto_auto_auto_auto_auto]';
const ROW = 'xl:col-span-full xl:grid xl:grid-cols-subgrid xl:gap-x-4';
const HEADINGS = ['Codice', 'Sconto', 'Ordine minimo', 'Validità', 'Utilizzi', 'Stato'];

/** One value with its heading, which only the stacked (mobile) layout shows; the wide layout has the header row. */
function Cell({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('min-w-0', className)}>
      <span className="block text-xs text-muted-foreground xl:sr-only">{label}</span>
      {children}
    </div>
  );
}

function DiscountRow({
  discount: d,
  nowMs,
  canEdit,
  onEdit,
  onDelete,
  deleting,
}: {
  discount: DiscountCode;
  nowMs: number;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  const note = availabilityNote(d, nowMs);
  return (
    <li className={cn('grid gap-3 p-4 xl:items-center xl:px-4 xl:py-3', ROW)} data-testid="discount-row">
      <Cell label="Codice">
        <span className="block truncate font-mono text-sm font-semibold" title={d.code}>
          {d.code}
        </span>
      </Cell>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4 xl:contents">
        <Cell label="Sconto">
          <span className="font-medium tabular-nums">{discountAmountLabel(d)}</span>
          <span className="block text-xs text-muted-foreground">{DISCOUNT_KIND_LABELS[d.kind]}</span>
        </Cell>
        <Cell label="Ordine minimo">
          <span className="tabular-nums">{d.minOrderCents > 0 ? formatEuro(d.minOrderCents) : 'Nessuno'}</span>
        </Cell>
        <Cell label="Validità" className="col-span-2 lg:col-span-1">
          {validityLines(d).map((line) => (
            <span key={line} className="block text-sm xl:whitespace-nowrap">
              {line}
            </span>
          ))}
        </Cell>
        <Cell label="Utilizzi">
          <span className="whitespace-nowrap tabular-nums">{usesLabel(d)}</span>
          {d.maxUsesPerEmail !== null && <span className="block text-xs text-muted-foreground">max {d.maxUsesPerEmail} per email</span>}
        </Cell>
      </div>
      <Cell label="Stato">
        <span className="flex flex-wrap gap-1">
          <Badge variant={d.active ? 'success' : 'secondary'}>{d.active ? 'Attivo' : 'Non attivo'}</Badge>
          {note && <Badge variant="warning">{note}</Badge>}
        </span>
      </Cell>
      {canEdit ? (
        <div className="flex gap-2 xl:justify-end">
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Modifica ${d.code}`} title="Modifica">
            <Pencil aria-hidden /> <span className="xl:sr-only">Modifica</span>
          </Button>
          <ConfirmDialog
            title={`Eliminare il codice ${d.code}?`}
            description={
              d.uses > 0
                ? 'I clienti non potranno più usarlo; gli ordini in cui è stato usato mantengono lo sconto. Per sospenderlo soltanto, disattivalo.'
                : 'I clienti non potranno più usarlo.'
            }
            onConfirm={onDelete}
            trigger={
              <Button
                variant="outline"
                size="sm"
                className="text-destructive hover:text-destructive"
                disabled={deleting}
                aria-label={`Elimina ${d.code}`}
                title="Elimina"
              >
                <Trash2 aria-hidden /> <span className="xl:sr-only">{deleting ? 'Eliminazione...' : 'Elimina'}</span>
              </Button>
            }
          />
        </div>
      ) : (
        <span className="hidden xl:block" />
      )}
    </li>
  );
}

/** The store's codes: a dense table from 1280 px, stacked cards below (one list, so each code is on the page once). */
export function DiscountList({
  discounts,
  canEdit,
  onEdit,
  onDelete,
  deletingId,
}: {
  discounts: DiscountCode[];
  canEdit: boolean;
  onEdit: (d: DiscountCode) => void;
  onDelete: (d: DiscountCode) => void;
  deletingId: string | null;
}) {
  const nowMs = Date.now();
  return (
    <div className={cn('overflow-hidden rounded-lg border bg-background xl:grid', COLUMNS)}>
      <div aria-hidden className={cn('hidden border-b bg-muted/50 px-4 py-3 text-xs font-medium uppercase text-muted-foreground', ROW)}>
        {HEADINGS.map((h) => (
          <span key={h}>{h}</span>
        ))}
        <span />
      </div>
      <ul className={cn('divide-y', ROW)} aria-label="Codici sconto">
        {discounts.map((d) => (
          <DiscountRow
            key={d.id}
            discount={d}
            nowMs={nowMs}
            canEdit={canEdit}
            onEdit={() => onEdit(d)}
            onDelete={() => onDelete(d)}
            deleting={deletingId === d.id}
          />
        ))}
      </ul>
    </div>
  );
}
