import { describe, expect, it } from 'vitest';
import { nextStep } from './order-flow';

describe('nextStep', () => {
  it('walks In attesa → Confermato → In lavorazione → Spedito → Consegnato, one button each', () => {
    expect(nextStep('pending')).toEqual({ status: 'confirmed', label: 'Segna come confermato' });
    expect(nextStep('confirmed')?.status).toBe('processing');
    expect(nextStep('processing')).toEqual({ status: 'shipped', label: 'Segna come spedito' });
    expect(nextStep('shipped')?.status).toBe('delivered');
  });

  it('offers no next step once delivered or cancelled (the select still sets any status)', () => {
    expect(nextStep('delivered')).toBeNull();
    expect(nextStep('cancelled')).toBeNull();
  });
});
