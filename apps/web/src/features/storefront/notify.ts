import type { ExternalToast } from 'sonner';

type Options = Pick<ExternalToast, 'description' | 'action'>;

/**
 * Toasts through a dynamic import: sonner (~10 KB gzip) then stays out of the first load of every
 * storefront page. The Toaster in the layout loads the same chunk after the first paint.
 */
export const notify = {
  success: (title: string, options?: Options) => void import('sonner').then(({ toast }) => toast.success(title, options)),
  error: (title: string, options?: Options) => void import('sonner').then(({ toast }) => toast.error(title, options)),
};
