/**
 * Taps on a server-rendered page before it is interactive.
 *
 * A public page arrives complete as HTML; its scripts come after the first paint, and on a slow
 * phone the shopper can see the cart button, a variant or 'Aggiungi al carrello' a second or two
 * before they have handlers. A tap then did nothing (a button) or changed the page behind the
 * framework's back (a radio checked that the page's state does not know about). A small script in
 * the page's head (`public.html`, allowed by its hash in the page's Content-Security-Policy) keeps
 * those taps instead: plain buttons (`type="button"`; submit buttons keep the browser's own form
 * submission), radios and checkboxes, each element once, at the place of its last tap (a checkbox
 * tapped twice is back where it was). The entry replays them here right after hydration, in order.
 * Links need nothing: they navigate without JavaScript.
 */
interface EarlyTaps {
  taps: Array<HTMLButtonElement | HTMLInputElement>;
  stop(): void;
}

declare global {
  interface Window {
    __vetrinaTaps?: EarlyTaps;
  }
}

/** Stops keeping taps (the page's handlers answer from now on) and replays the kept ones. */
export async function replayEarlyTaps() {
  const early = window.__vetrinaTaps;
  if (!early) return;
  early.stop();
  delete window.__vetrinaTaps;
  for (const element of early.taps) {
    // One task each: the previous tap's change (a variant picked) renders first, so a button it
    // enables is enabled when its own tap is replayed.
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (element.isConnected && !element.disabled) element.click();
  }
}
