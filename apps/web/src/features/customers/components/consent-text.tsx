import { formatDate } from '@/lib/format';

/** The checkout does not ask for marketing consent yet, so no customer has given it: said plainly, never guessed. */
export function ConsentText({ at }: { at: string | null }) {
  return at ? <span>Sì, dal {formatDate(at)}</span> : <span className="text-muted-foreground">Non raccolto</span>;
}
