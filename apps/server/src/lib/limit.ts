/**
 * Runs at most `n` jobs at once; the others wait their turn in arrival order. Page renders go
 * through one, so that a burst of misses neither holds fifty pages' data in memory at once nor
 * lets a late request's render overtake an earlier one's.
 */
export function concurrencyLimit(n: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running--;
    const next = waiting.shift();
    if (next) {
      running++;
      next();
    }
  };
  return async <T>(job: () => Promise<T>): Promise<T> => {
    if (running >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await job();
    } finally {
      release();
    }
  };
}

/**
 * Lets the event loop run what is waiting (other requests' I/O, timers) before going on: long work
 * made of synchronous steps (SQLite's) awaits this between batches, or it would hold every other
 * request of the instance until it ends.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * For long work made of many small synchronous steps: `yieldIfLong()` after each step gives the
 * event loop a turn once the steps since the last one have held it for `ms`. A fixed number of
 * steps per turn holds it ever longer as the machine gets busier: a batch of 100 search rows took
 * 30-50 ms on an idle machine and up to 330 ms with the test suite running beside it.
 */
export function turns(ms: number) {
  let since = performance.now();
  return async function yieldIfLong(): Promise<void> {
    if (performance.now() - since < ms) return;
    await nextTurn();
    since = performance.now();
  };
}
