import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SessionCall {
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  form: URLSearchParams;
}

/** What the stand-in answers POST /v1/refunds with: a refund in this status, or an error with this HTTP status. */
export type RefundAnswer = { status: 'succeeded' | 'pending' | 'failed'; failureReason?: string } | { error: number };

/**
 * A local HTTP server standing in for Stripe's API (the SDK's host/port settings point at it):
 * it answers POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id (with its PaymentIntent)
 * and POST /v1/refunds like Stripe does, records each call, and can be told to fail. Stripe itself
 * cannot be reached from the test machines.
 */
export async function startStripeStandIn() {
  const calls: SessionCall[] = [];
  const refundCalls: SessionCall[] = [];
  const refundIds = new Map<string, string>();
  let failWith: number | null = null;
  let refundAnswer: RefundAnswer = { status: 'succeeded' };
  let n = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      const session = req.method === 'GET' && req.url?.match(/^\/v1\/checkout\/sessions\/(cs_test_[A-Za-z0-9]+)$/);
      if (session) return res.end(JSON.stringify({ id: session[1], object: 'checkout.session', payment_intent: `pi_${session[1]}` }));
      if (req.method === 'POST' && req.url === '/v1/refunds') {
        const form = new URLSearchParams(body);
        const key = req.headers['idempotency-key'] as string | undefined;
        refundCalls.push({ idempotencyKey: key, authorization: req.headers.authorization, form });
        if ('error' in refundAnswer) {
          res.statusCode = refundAnswer.error;
          return res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Rimborso rifiutato dal simulatore' } }));
        }
        // The same idempotency key gets the same refund, as Stripe does.
        const id = (key && refundIds.get(key)) || `re_test_standin${++n}`;
        if (key) refundIds.set(key, id);
        return res.end(
          JSON.stringify({
            id,
            object: 'refund',
            amount: Number(form.get('amount')),
            currency: 'eur',
            payment_intent: form.get('payment_intent'),
            status: refundAnswer.status,
            failure_reason: refundAnswer.failureReason ?? null,
            metadata: { refund_id: form.get('metadata[refund_id]'), order_id: form.get('metadata[order_id]'), store_id: form.get('metadata[store_id]') },
          }),
        );
      }
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
    refundCalls,
    fail(status: number | null) {
      failWith = status;
    },
    /** How the next refunds are answered (by default: succeeded at once). */
    answerRefunds(answer: RefundAnswer) {
      refundAnswer = answer;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
