import { plural } from '@vetrina/shared/plural';

/** "12 prodotti nel catalogo"; with a search or filter "1 prodotto trovato", "Oltre 1000 prodotti trovati". */
export const countLabel = (n: number, capped: boolean, searching: boolean) =>
  capped ? `Oltre ${n} prodotti trovati` : searching ? plural(n, 'prodotto trovato', 'prodotti trovati') : `${plural(n, 'prodotto', 'prodotti')} nel catalogo`;
