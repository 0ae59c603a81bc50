import { formatDate } from '@/lib/format';

/** The consent of the shopper's latest order: "Non raccolto" when that order has no tick (never guessed). */
export function ConsentText({ at }: { at: string | null }) {
  return at ? <span>Sì, dal {formatDate(at)}</span> : <span className="text-muted-foreground">Non raccolto</span>;
}
