import type { OrderSummary } from '@vetrina/shared';

/** The province ('MI') comes with the checkout's 'Provincia'; older orders and foreign ones have none. */
type Address = OrderSummary['shippingAddress'];

/** The shipping address as a courier reads it: street, then postcode, city and province, then country. */
export function OrderAddress({ address: a, className }: { address: Address; className?: string }) {
  return (
    <address className={className ?? 'not-italic'}>
      <span className="break-words">{a.street}</span>
      <br />
      {a.postalCode} {a.city}
      {a.province ? ` (${a.province})` : ''}
      <br />
      {a.country}
    </address>
  );
}
