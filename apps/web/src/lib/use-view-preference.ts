import { useCallback, useEffect, useState } from 'react';
import { useAuth } from './auth';

export type ListView = 'cards' | 'table';

const keyOf = (userId: string, list: string) => `vetrina:vista:${userId}:${list}`;

function read(key: string | null): ListView {
  if (!key) return 'cards';
  try {
    return window.localStorage.getItem(key) === 'table' ? 'table' : 'cards';
  } catch {
    // Storage refused (private mode, policy): the spec's cards.
    return 'cards';
  }
}

/**
 * 'Vista a schede' or 'Vista tabella' of a dashboard list, remembered per signed-in user on this
 * browser (docs/decisions/0027-back-office-tables.md). The spec's cards until the user picks the table.
 */
export function useViewPreference(list: 'products' | 'orders'): [ListView, (view: ListView) => void] {
  const userId = useAuth().session?.user.id ?? null;
  const key = userId ? keyOf(userId, list) : null;
  const [view, setViewState] = useState<ListView>(() => read(key));
  // Another account signing in on this browser finds its own choice.
  useEffect(() => setViewState(read(key)), [key]);
  const setView = useCallback(
    (next: ListView) => {
      setViewState(next);
      if (!key) return;
      try {
        window.localStorage.setItem(key, next);
      } catch {
        // Not remembered, still shown.
      }
    },
    [key],
  );
  return [view, setView];
}
