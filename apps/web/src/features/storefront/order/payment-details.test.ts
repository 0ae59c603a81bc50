import { afterEach, describe, expect, it, vi } from 'vitest';
import { euroInputFromCents } from '@/lib/format';
import { awaitsCardConfirmation, compactIban, groupIban, paymentView } from './payment-details';
import { CONFIRM_EVERY_MS, CONFIRM_FOR_MS, pollFor } from './poll';

describe('bank transfer details', () => {
  it('groups the IBAN in fours for reading and copies it without spaces', () => {
    expect(groupIban('IT60X0542811101000000123456')).toBe('IT60 X054 2811 1010 0000 0123 456');
    expect(groupIban(' it60 x054 2811 1010 0000 0123 456 ')).toBe('IT60 X054 2811 1010 0000 0123 456');
    expect(groupIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(compactIban('IT60 X054 2811 1010 0000 0123 456')).toBe('IT60X0542811101000000123456');
  });

  it('copies the amount as a bank form takes it', () => {
    expect(euroInputFromCents(123450)).toBe('1234,50');
    expect(euroInputFromCents(599)).toBe('5,99');
    expect(euroInputFromCents(1000)).toBe('10,00');
  });
});

describe('the payment box', () => {
  const unpaid = { status: 'pending', paymentStatus: 'unpaid' } as const;
  it('follows the payment status first', () => {
    expect(paymentView({ status: 'confirmed', paymentStatus: 'paid' }, 'confirming')).toBe('paid');
    expect(paymentView({ status: 'cancelled', paymentStatus: 'refunded' }, 'idle')).toBe('refunded');
    expect(paymentView({ status: 'cancelled', paymentStatus: 'expired' }, 'idle')).toBe('expired');
  });

  it('asks nothing of a cancelled order, and nothing more while Stripe confirms', () => {
    expect(paymentView({ status: 'cancelled', paymentStatus: 'unpaid' }, 'idle')).toBe('cancelled');
    expect(paymentView(unpaid, 'confirming')).toBe('confirming');
    expect(paymentView(unpaid, 'timed-out')).toBe('not-confirmed');
    expect(paymentView(unpaid, 'idle')).toBe('instructions');
  });

  it('waits for the confirmation only for an unpaid card order back from Stripe', () => {
    const back = new URLSearchParams('pagamento=completato');
    const card = { status: 'pending', paymentStatus: 'unpaid', paymentMethod: 'card' } as const;
    expect(awaitsCardConfirmation(card, back)).toBe(true);
    expect(awaitsCardConfirmation(card, new URLSearchParams())).toBe(false);
    expect(awaitsCardConfirmation(card, new URLSearchParams('pagamento=annullato'))).toBe(false);
    expect(awaitsCardConfirmation({ ...card, paymentStatus: 'paid' }, back)).toBe(false);
    expect(awaitsCardConfirmation({ ...card, paymentMethod: 'bank_transfer' }, back)).toBe(false);
    expect(awaitsCardConfirmation(undefined, back)).toBe(false);
  });
});

describe('polling after Stripe’s return', () => {
  afterEach(() => void vi.useRealTimers());

  it('asks every 3 s for 60 s, then gives up once', () => {
    vi.useFakeTimers();
    const tick = vi.fn();
    const onTimeout = vi.fn();
    pollFor({ everyMs: CONFIRM_EVERY_MS, forMs: CONFIRM_FOR_MS, tick, onTimeout });
    vi.advanceTimersByTime(2_999);
    expect(tick).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(tick).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(57_000);
    expect(tick).toHaveBeenCalledTimes(20);
    expect(onTimeout).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(30_000);
    expect(tick).toHaveBeenCalledTimes(20);
  });

  it('stops when told to (the order got paid)', () => {
    vi.useFakeTimers();
    const tick = vi.fn();
    const stop = pollFor({ everyMs: CONFIRM_EVERY_MS, forMs: CONFIRM_FOR_MS, tick, onTimeout: vi.fn() });
    vi.advanceTimersByTime(6_000);
    stop();
    vi.advanceTimersByTime(60_000);
    expect(tick).toHaveBeenCalledTimes(2);
  });
});
