import { describe, expect, it } from 'vitest';
import { CARRIERS, CARRIER_LABELS, shipmentInputSchema, shipmentTrackingUrl, trackingUrl, updateOrderStatusSchema } from './index.js';

describe('trackingUrl', () => {
  it("puts the number into each carrier's tracking page", () => {
    expect(trackingUrl('brt', '0123456789012')).toBe('https://www.mybrt.it/it/mybrt/my-parcels/search?lang=it&parcelNumber=0123456789012');
    expect(trackingUrl('gls', 'GLS123456')).toBe('https://gls-group.com/IT/it/servizi-online/ricerca-spedizioni/?match=GLS123456');
    expect(trackingUrl('poste', 'RA123456789IT')).toBe('https://www.poste.it/cerca/index.html#/risultati-spedizioni/RA123456789IT');
    expect(trackingUrl('sda', '123456789')).toBe(
      'https://www.sda.it/wps/portal/Servizi_online/dettaglio-spedizione?locale=it&tracing.letteraVettura=123456789',
    );
    expect(trackingUrl('dhl', '1234567890')).toBe('https://www.dhl.com/it-it/home/tracciabilita.html?tracking-id=1234567890');
    expect(trackingUrl('ups', '1Z999AA10123456784')).toBe('https://www.ups.com/track?loc=it_IT&tracknum=1Z999AA10123456784');
  });

  it("has no link for 'Altro' or without a number, and trims the number", () => {
    expect(trackingUrl('altro', 'AB-1234')).toBeNull();
    expect(trackingUrl('brt', null)).toBeNull();
    expect(trackingUrl('brt', '  ')).toBeNull();
    expect(trackingUrl('ups', ' 1Z99 ')).toBe('https://www.ups.com/track?loc=it_IT&tracknum=1Z99');
  });

  it('gives every carrier an Italian label, and every named one an https page', () => {
    for (const c of CARRIERS) {
      expect(CARRIER_LABELS[c]).toBeTruthy();
      if (c !== 'altro') expect(trackingUrl(c, 'ABC123')).toMatch(/^https:\/\/[^/]+\/.*ABC123/);
    }
  });

  it("'Altro' links to the team's page", () => {
    expect(shipmentTrackingUrl({ carrier: 'altro', trackingNumber: 'X1', customUrl: 'https://t.example.it/X1' })).toBe('https://t.example.it/X1');
    expect(shipmentTrackingUrl({ carrier: 'brt', trackingNumber: '123', customUrl: 'https://ignored.example.it' })).toContain('mybrt.it');
    expect(shipmentTrackingUrl({ carrier: null, trackingNumber: '123', customUrl: null })).toBeNull();
  });
});

describe('shipmentInputSchema', () => {
  const error = (input: unknown) => {
    const r = shipmentInputSchema.safeParse(input);
    return r.success ? null : r.error.issues[0]!.message;
  };

  it('accepts a carrier alone, an empty tracking field, and trims the number', () => {
    expect(shipmentInputSchema.parse({ carrier: 'brt' })).toEqual({ carrier: 'brt' });
    expect(shipmentInputSchema.parse({ carrier: 'brt', trackingNumber: '', trackingUrl: '' })).toEqual({
      carrier: 'brt',
      trackingNumber: null,
      trackingUrl: null,
    });
    expect(shipmentInputSchema.parse({ carrier: 'sda', trackingNumber: '  AB-123  ' }).trackingNumber).toBe('AB-123');
  });

  it('refuses bad numbers, carriers and links in Italian', () => {
    expect(error({ carrier: 'brt', trackingNumber: 'x'.repeat(500) })).toMatch(/^Numero di tracking non valido/);
    expect(error({ carrier: 'brt', trackingNumber: 'x'.repeat(41) })).toMatch(/^Numero di tracking non valido/);
    expect(error({ carrier: 'brt', trackingNumber: 'ab' })).toMatch(/^Numero di tracking non valido/);
    expect(error({ carrier: 'brt', trackingNumber: 'ab_12' })).toMatch(/^Numero di tracking non valido/);
    expect(error({ carrier: 'fedex' })).toBe('Scegli un corriere');
    expect(error({})).toBe('Scegli un corriere');
    expect(error({ carrier: 'altro', trackingUrl: 'http://t.example.it' })).toMatch(/^Link di tracking non valido/);
    expect(error({ carrier: 'altro', trackingUrl: 'https://localhost/x' })).toMatch(/^Link di tracking non valido/);
    expect(error({ carrier: 'altro', trackingUrl: 'https://user:pw@t.example.it/' })).toMatch(/^Link di tracking non valido/);
    expect(error({ carrier: 'dhl', trackingUrl: 'https://t.example.it/1' })).toMatch(/solo con il corriere “Altro”/);
    expect(error({ carrier: 'altro', trackingUrl: 'https://t.example.it/1' })).toBeNull();
  });

  it('lets only a change to "Spedito" carry a shipment', () => {
    expect(updateOrderStatusSchema.safeParse({ status: 'shipped', shipment: { carrier: 'gls' } }).success).toBe(true);
    expect(updateOrderStatusSchema.safeParse({ status: 'confirmed' }).success).toBe(true);
    const r = updateOrderStatusSchema.safeParse({ status: 'delivered', shipment: { carrier: 'gls' } });
    expect(r.success ? null : r.error.issues[0]!.message).toBe('Corriere e tracking si indicano solo quando l’ordine passa a “Spedito”');
  });
});
