import { describe, expect, it } from 'vitest';
import { chosenLines } from '@/components/returns/line-quantities';
import { allUnits } from './components/receive-dialog';
import { returnSteps } from './components/return-timeline';
import { returnActions } from './return-status';

const base = { origin: 'shopper' as const, createdAt: '2026-11-20T09:00:00.000Z', authorizedAt: null, receivedAt: null, closedAt: null };

describe('a return’s next steps', () => {
  it('offers each state’s actions only', () => {
    expect(returnActions('requested')).toEqual(['authorize', 'reject']);
    expect(returnActions('authorized')).toEqual(['receive', 'reject']);
    expect(returnActions('received')).toEqual(['refund']);
    expect(returnActions('refunded')).toEqual([]);
    expect(returnActions('rejected')).toEqual([]);
  });

  it('dates the steps done and leaves the others open', () => {
    const steps = returnSteps({ ...base, status: 'authorized', authorizedAt: '2026-11-21T10:00:00.000Z' });
    expect(steps.map((s) => [s.label, s.at !== null])).toEqual([
      ['Recesso richiesto dal cliente', true],
      ['Autorizzato', true],
      ['Ricevuto', false],
      ['Rimborsato', false],
    ]);
  });

  it('ends a rejected return at the rejection', () => {
    const steps = returnSteps({ ...base, origin: 'team', status: 'rejected', closedAt: '2026-11-22T10:00:00.000Z' });
    expect(steps.map((s) => s.label)).toEqual(['Reso aperto dal team', 'Rifiutato']);
  });

  it('receives every unit by default and sends only the chosen lines', () => {
    const values = allUnits({ lines: [{ orderItemId: 'a', title: 'Tazza', variantLabel: null, quantity: 2, restockedQuantity: 0 }] });
    expect(values).toEqual({ a: 2 });
    expect(chosenLines({ ...values, b: 0 })).toEqual([{ orderItemId: 'a', quantity: 2 }]);
  });
});
