import { createContext, useContext } from 'react';
import type { PublicStore } from '@vetrina/shared';
import type { StoreTheme } from './theme/themes';

export interface Storefront {
  store: PublicStore;
  theme: StoreTheme;
  /** Base path of this store's pages, e.g. /store/bottega-rossi. */
  home: string;
  openCart: () => void;
}

export const StorefrontContext = createContext<Storefront | null>(null);

/** The store being browsed, its theme and the cart drawer; only inside the storefront layout. */
export function useStorefront(): Storefront {
  const value = useContext(StorefrontContext);
  if (!value) throw new Error('useStorefront outside the storefront layout');
  return value;
}
