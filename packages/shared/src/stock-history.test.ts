import { describe, expect, it } from 'vitest';
import { signedChange, stockMovementFigure, stockMovementLabel } from './stock-history.js';

const order = { id: 'o1', number: 1042 };

describe('stock history texts', () => {
  it('names the change as the merchant would', () => {
    expect(stockMovementLabel({ reason: 'order', order, actor: null })).toBe('Ordine #1042');
    expect(stockMovementLabel({ reason: 'cancellation', order, actor: { email: 'mario@example.it' } })).toBe('Annullamento ordine #1042');
    expect(stockMovementLabel({ reason: 'shipment', order, actor: null })).toBe('Spedizione ordine #1042');
    expect(stockMovementLabel({ reason: 'expiry', order, actor: null })).toBe('Pagamento scaduto, ordine #1042');
    expect(stockMovementLabel({ reason: 'manual', order: null, actor: { email: 'mario@example.it' } })).toBe('Modifica manuale di mario@example.it');
    expect(stockMovementLabel({ reason: 'import', order: null, actor: null })).toBe('Importazione CSV');
    // The order row is gone (its number with it).
    expect(stockMovementLabel({ reason: 'order', order: null, actor: null })).toBe('Ordine eliminato');
  });

  it('shows what a shopper can still buy, or the units on hand when only those moved', () => {
    expect(stockMovementFigure({ qtyChange: 3, reservedChange: 0, qtyAfter: 13, reservedAfter: 2 })).toEqual({ change: 3, after: 11, of: 'available' });
    expect(stockMovementFigure({ qtyChange: 0, reservedChange: 1, qtyAfter: 5, reservedAfter: 1 })).toEqual({ change: -1, after: 4, of: 'available' });
    expect(stockMovementFigure({ qtyChange: -2, reservedChange: -2, qtyAfter: 6, reservedAfter: 0 })).toEqual({ change: -2, after: 6, of: 'onHand' });
    expect(stockMovementFigure({ qtyChange: 0, reservedChange: 0, qtyAfter: 0, reservedAfter: 0 })).toEqual({ change: 0, after: 0, of: 'available' });
  });

  it('signs changes with a real minus', () => {
    expect([signedChange(3), signedChange(-1), signedChange(0)]).toEqual(['+3', '\u22121', '0']);
  });
});
