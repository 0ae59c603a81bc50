import { describe, expect, it } from 'vitest';
import { returnMsg, type WithdrawableOrder } from '@vetrina/shared/returns';
import { EMPTY_DRAFT, draftErrors, pairRef, withdrawalBody } from './withdrawal-state';

const order: WithdrawableOrder = {
  orderNumber: 1042,
  placedAt: '2026-12-01T10:00:00.000Z',
  customerName: 'Maria Rossi',
  customerEmail: 'maria.rossi@example.it',
  lastDay: null,
  needsIban: false,
  lines: [
    { orderItemId: 'cup', title: 'Tazza Aurora', variantLabel: null, quantity: 3, returnable: 2, excluded: null },
    { orderItemId: 'jam', title: 'Marmellata', variantLabel: null, quantity: 1, returnable: 1, excluded: 'Prodotto deperibile: escluso dal recesso' },
  ],
  returnAddress: '',
  returnShippingPaidBy: 'customer',
  instructions: '',
};
const KEY = '3b241101-e2bb-4255-8caf-4136c566a962';

describe('the withdrawal form’s steps', () => {
  it('names the footer’s order by number (with or without #) and e-mail, in Italian when wrong', () => {
    expect(pairRef({ ...EMPTY_DRAFT, orderNumber: ' #1042 ', email: 'maria@example.it' }).ref).toEqual({ orderNumber: 1042, email: 'maria@example.it' });
    expect(pairRef({ ...EMPTY_DRAFT, orderNumber: 'abc', email: 'maria' }).errors).toEqual({ orderNumber: returnMsg.orderNumber, email: returnMsg.email });
  });

  it('asks for at least one line, a name and an e-mail; an excluded line never counts', () => {
    expect(draftErrors(order, { ...EMPTY_DRAFT, chosen: { jam: 1 } })).toEqual({ name: returnMsg.name, email: returnMsg.email, lines: returnMsg.noLines });
    expect(draftErrors(order, { ...EMPTY_DRAFT, name: 'Maria Rossi', email: 'maria@example.it', chosen: { cup: 1 }, reason: 'x'.repeat(1001) })).toEqual({
      reason: returnMsg.reason,
    });
  });

  it('sends the chosen lines, the trimmed fields and the form’s key; the IBAN only when asked', () => {
    const draft = {
      ...EMPTY_DRAFT,
      name: ' Maria Rossi ',
      email: 'maria@example.it',
      chosen: { cup: 2, jam: 1 },
      reason: '  ',
      iban: 'IT60X0542811101000000123456',
    };
    expect(withdrawalBody({ token: 't' }, order, draft, KEY)).toEqual({
      order: { token: 't' },
      name: 'Maria Rossi',
      email: 'maria@example.it',
      lines: [{ orderItemId: 'cup', quantity: 2 }],
      requestKey: KEY,
    });
    expect(withdrawalBody({ token: 't' }, { ...order, needsIban: true }, draft, KEY).iban).toBe('IT60X0542811101000000123456');
  });
});
