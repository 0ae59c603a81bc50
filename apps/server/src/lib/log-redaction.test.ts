import { describe, expect, it } from 'vitest';
import { logRedaction } from './log-redaction.js';

const TOKEN = 'Zr8kQ2vN4xT7pL1mW9sB3dF6hJ0cY5aE';

describe('logRedaction', () => {
  it("hides the order page's token, whatever follows it", () => {
    const r = logRedaction();
    expect(r.redact(`{"url":"/store/bottega-rossi/ordine/${TOKEN}"}`)).toBe('{"url":"/store/bottega-rossi/ordine/[redatto]"}');
    expect(r.redact(`GET https://negozi.example.it/store/caff%C3%A8/ordine/${TOKEN}/altro?x=1`)).toBe(
      'GET https://negozi.example.it/store/caff%C3%A8/ordine/[redatto]/altro?x=1',
    );
  });

  it('hides a secret parameter of a learnt API route, on that route and below it', () => {
    const r = logRedaction();
    const line = `{"msg":"Reply was already sent, did you forget to \\"return reply\\" in \\"/api/public/stores/s/orders/${TOKEN}/invoices/i1\\" (GET)?"}`;
    expect(r.redact(line)).toContain(TOKEN);
    r.learn('/api/public/stores/:slug/orders/:token/invoices/:invoiceId');
    expect(r.redact(line)).toBe(line.replace(TOKEN, '[redatto]'));
    expect(r.redact(`/api/public/stores/s/orders/${TOKEN}`)).toBe('/api/public/stores/s/orders/[redatto]');
  });

  it('leaves ids and other paths alone', () => {
    const r = logRedaction();
    r.learn('/api/stores/:storeId/orders/:orderId');
    r.learn('/api/public/stores/:slug/orders/:token');
    const line = '{"url":"/api/stores/7f0c/orders/9a1b","msg":"/store/bottega/products/vaso"}';
    expect(r.redact(line)).toBe(line);
  });

  it('hides one-time secrets in query strings', () => {
    const r = logRedaction();
    expect(r.redact(`/reset-password?token=${TOKEN}&next=1`)).toBe('/reset-password?token=[redatto]&next=1');
    expect(r.redact(`/invitations/accept?x=1&token=${TOKEN}"`)).toBe('/invitations/accept?x=1&token=[redatto]"');
    // The withdrawal form opened from the order page names the order by its page's token.
    expect(r.redact(`GET /store/bottega/recesso?ordine=${TOKEN} 200`)).toBe('GET /store/bottega/recesso?ordine=[redatto] 200');
  });
});
