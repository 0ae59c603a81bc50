import { useEffect, useState } from 'react';

/**
 * False during the server render and the hydration that follows it, true once mounted in the
 * browser: for parts that exist only in the browser (toasters), so the first render matches the
 * server's HTML.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
