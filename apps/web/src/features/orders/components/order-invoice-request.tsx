import type { OrderDetail } from '@vetrina/shared';

type Request = NonNullable<OrderDetail['invoiceRequest']>;

function Row({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={mono ? 'break-all font-mono' : 'break-words'}>{value}</dd>
    </>
  );
}

/** 'Richiedi fattura' as the shopper filled it at checkout: the invoice is addressed with these data. */
export function OrderInvoiceRequest({ request: r }: { request: Request }) {
  return (
    <dl className="grid gap-1 sm:grid-cols-[10rem_1fr]" data-testid="order-invoice-request">
      <Row label="Intestata a" value={r.kind === 'private' ? 'Privato' : 'Azienda'} />
      {r.kind === 'private' ? (
        <Row label="Codice fiscale" value={r.taxCode} mono />
      ) : (
        <>
          <Row label="Ragione sociale" value={r.companyName} />
          <Row label="Partita IVA" value={r.vatNumber} mono />
          {r.taxCode && <Row label="Codice fiscale" value={r.taxCode} mono />}
          {r.sdiCode && <Row label="Codice destinatario" value={r.sdiCode} mono />}
          {r.pec && <Row label="PEC" value={r.pec} />}
        </>
      )}
      <Row
        label="Indirizzo di fatturazione"
        value={
          r.address
            ? `${r.address.street}, ${r.address.postalCode} ${r.address.city}${r.address.province ? ` (${r.address.province})` : ''}`
            : 'Lo stesso della spedizione'
        }
      />
    </dl>
  );
}
