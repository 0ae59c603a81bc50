/**
 * A success message that survives a page load: the dashboard app and the public pages are two
 * builds, so going from one to the other (logout lands on the home page) loads a new page. The
 * message waits in sessionStorage and the next page's providers show it once mounted.
 */
const KEY = 'vetrina-flash';

export function flashAfterLoad(title: string, description?: string) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ title, description }));
  } catch {
    /* storage unavailable: the message is lost, nothing else */
  }
}

export function showFlash() {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const { title, description } = JSON.parse(raw) as { title: string; description?: string };
    // sonner loads only when there is something to show (it is not in the pages' first load).
    if (typeof title === 'string')
      void import('sonner').then(({ toast }) => toast.success(title, typeof description === 'string' ? { description } : undefined));
  } catch {
    /* not ours */
  }
}
