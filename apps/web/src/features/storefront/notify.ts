import type { ExternalToast } from 'sonner';

type Options = Pick<ExternalToast, 'description' | 'action'>;

// The layout's Toaster mounts on the first toast, not with the page: sonner (~10 KB gzip) and its
// mount stay off the first load and off the main thread while the page becomes interactive.
let requested = false;
const waiting = new Set<() => void>();

/** Calls `fn` once the first toast is raised (at once if one already was); returns an unsubscribe. */
export function onFirstToast(fn: () => void): () => void {
  if (requested) {
    fn();
    return () => undefined;
  }
  waiting.add(fn);
  return () => waiting.delete(fn);
}

function request() {
  if (requested) return;
  requested = true;
  for (const fn of waiting) fn();
  waiting.clear();
}

/** Toasts through a dynamic import; sonner replays toasts raised before its Toaster mounted. */
export const notify = {
  success: (title: string, options?: Options) => {
    request();
    void import('sonner').then(({ toast }) => toast.success(title, options));
  },
  error: (title: string, options?: Options) => {
    request();
    void import('sonner').then(({ toast }) => toast.error(title, options));
  },
};
