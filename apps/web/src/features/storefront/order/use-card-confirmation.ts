import { useEffect, useState } from 'react';
import { CONFIRM_EVERY_MS, CONFIRM_FOR_MS, pollFor } from './poll';
import type { CardConfirmation } from './payment-details';

/**
 * While `waiting` (back from Stripe, order still unpaid), reads the order again every 3 s for up to
 * 60 s: 'confirming', then 'timed-out' if the payment never showed up. `refetch` must be stable.
 */
export function useCardConfirmation(waiting: boolean, refetch: () => void): CardConfirmation {
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (!waiting || timedOut) return;
    return pollFor({ everyMs: CONFIRM_EVERY_MS, forMs: CONFIRM_FOR_MS, tick: refetch, onTimeout: () => setTimedOut(true) });
  }, [waiting, timedOut, refetch]);
  if (!waiting) return 'idle';
  return timedOut ? 'timed-out' : 'confirming';
}
