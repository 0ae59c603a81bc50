/** The one source of "now" on the server, so tests can move time instead of sleeping. */
let offsetMs = 0;
export const clock = {
  now: (): Date => new Date(Date.now() + offsetMs),
  nowMs: (): number => Date.now() + offsetMs,
  iso: (): string => new Date(Date.now() + offsetMs).toISOString(),
  advance(ms: number) {
    offsetMs += ms;
  },
  reset() {
    offsetMs = 0;
  },
};
