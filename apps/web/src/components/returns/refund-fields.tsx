import type { ReactNode } from 'react';
import type { RefundableOrderView } from '@vetrina/shared/returns-admin';
import { FormField } from '@/components/ui/form-field';
import { MoneyField } from '@/components/ui/money-field';
import { formatCents } from '@/lib/format';
import { leftToRefund, type RefundableLine, type RefundDraft, type RefundFormState } from '@/lib/refund-form';
import { LineQuantities } from './line-quantities';

const Row = ({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) => (
  <div className={strong ? 'flex justify-between gap-3 border-t pt-2 text-base font-semibold' : 'flex justify-between gap-3'}>
    <dt>{label}</dt>
    <dd className="whitespace-nowrap tabular-nums">{children}</dd>
  </div>
);

/** The refund form's fields and its live summary: what each line returns, the total, or why it cannot be made. */
export function RefundFields({
  view,
  lines,
  state,
  draft,
  onChange,
  ibanMessage,
}: {
  view: RefundableOrderView;
  lines: RefundableLine[];
  state: RefundFormState;
  draft: RefundDraft;
  onChange: (next: Partial<RefundFormState>) => void;
  ibanMessage?: string | null;
}) {
  const left = leftToRefund(view);
  const quoted = draft.ok ? new Map(draft.quote.lines.map((l) => [l.orderItemId, l.amountCents])) : new Map<string, number>();
  const fieldError = (field: 'shipping' | 'adjustment') => (!draft.ok && draft.field === field ? draft.message : undefined);
  // With nothing chosen yet, 'at least 0,01 €' is a hint, not an error.
  const untouched = Object.values(state.quantities).every((q) => q === 0) && !state.shipping.trim() && !state.adjustment.trim();
  const formError = !draft.ok && !draft.field && !(draft.refusal === 'nothing' && untouched) ? draft.message : null;
  return (
    <>
      <p className="text-sm">
        Resta da rimborsare: <span className="font-semibold tabular-nums">{formatCents(left.totalCents)}</span>
      </p>
      <LineQuantities
        caption="Articoli da rimborsare"
        noneLabel="Già rimborsato"
        lines={lines.map((l) => ({
          orderItemId: l.orderItemId,
          title: l.title,
          variantLabel: l.variantLabel,
          max: l.left,
          note: quoted.has(l.orderItemId)
            ? `Rimborso: ${formatCents(quoted.get(l.orderItemId)!)}`
            : `Acquistati: ${l.quantity}${l.left < l.quantity ? ` · già rimborsati: ${l.quantity - l.left}` : ''}`,
        }))}
        values={state.quantities}
        onChange={(id, q) => onChange({ quantities: { ...state.quantities, [id]: q } })}
      />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <MoneyField
          label="Spedizione (€)"
          value={state.shipping}
          onChange={(e) => onChange({ shipping: e.target.value })}
          hint={left.shippingCents > 0 ? `Al massimo ${formatCents(left.shippingCents)}` : 'Spedizione già rimborsata o gratuita'}
          error={fieldError('shipping')}
          data-testid="refund-shipping"
        />
        <MoneyField
          label="Rettifica (€)"
          allowNegative
          value={state.adjustment}
          onChange={(e) => onChange({ adjustment: e.target.value })}
          hint="Facoltativa; negativa per trattenere, ad esempio -5,00"
          error={fieldError('adjustment')}
          data-testid="refund-adjustment"
        />
      </div>
      {view.method === 'manual' &&
        (view.iban ? (
          <p className="text-sm">
            Bonifico all’IBAN indicato dal cliente: <span className="font-mono">{view.iban}</span>
          </p>
        ) : (
          <FormField
            label="IBAN del cliente"
            value={state.iban}
            onChange={(e) => onChange({ iban: e.target.value })}
            autoComplete="off"
            spellCheck={false}
            maxLength={42}
            placeholder="IT60 X054 2811 1010 0000 0123 456"
            hint="Il cliente non ha indicato un IBAN: chiediglielo e scrivilo qui."
            error={ibanMessage ?? undefined}
          />
        ))}
      <dl className="grid gap-1 rounded-md bg-muted/60 p-3 text-sm" aria-live="polite" data-testid="refund-summary">
        <Row label="Articoli">{draft.ok ? formatCents(draft.quote.itemsCents) : '—'}</Row>
        <Row label="Spedizione">{draft.ok ? formatCents(draft.quote.shippingCents) : '—'}</Row>
        {draft.ok && draft.quote.adjustmentCents !== 0 && <Row label="Rettifica">{formatCents(draft.quote.adjustmentCents)}</Row>}
        <Row label="Totale del rimborso" strong>
          {draft.ok ? formatCents(draft.quote.totalCents) : '—'}
        </Row>
        {formError && (
          <p role="alert" className="pt-1 text-sm text-destructive" data-testid="refund-refusal">
            {formError}
          </p>
        )}
        {!draft.ok && draft.refusal === 'nothing' && untouched && (
          <p className="pt-1 text-xs text-muted-foreground">Scegli gli articoli o scrivi un importo.</p>
        )}
      </dl>
    </>
  );
}
