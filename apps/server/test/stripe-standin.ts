import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SessionCall {
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  form: URLSearchParams;
}

/**
 * A local HTTP server standing in for Stripe's API (the SDK's host/port settings point at it):
 * it answers POST /v1/checkout/sessions like Stripe does, records each call, and can be told to
 * fail. Stripe itself cannot be reached from the test machines.
 */
export async function startStripeStandIn() {
  const calls: SessionCall[] = [];
  let failWith: number | null = null;
  let n = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') {
        res.statusCode = 404;
        return res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }));
      }
      if (failWith) {
        res.statusCode = failWith;
        return res.end(JSON.stringify({ error: { type: 'api_error', message: 'Stand-in told to fail' } }));
      }
      const form = new URLSearchParams(body);
      calls.push({ idempotencyKey: req.headers['idempotency-key'] as string | undefined, authorization: req.headers.authorization, form });
      const id = `cs_test_standin${++n}`;
      res.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.com/c/pay/${id}`,
          mode: 'payment',
          status: 'open',
          payment_status: 'unpaid',
          metadata: { order_id: form.get('metadata[order_id]'), store_id: form.get('metadata[store_id]') },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    fail(status: number | null) {
      failWith = status;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
