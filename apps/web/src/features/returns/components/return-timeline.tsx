import type { ReturnDetail } from '@vetrina/shared/returns-admin';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';

interface Step {
  label: string;
  at: string | null;
}

/** The steps of a return with their dates; the ones still ahead are shown pale. */
export function returnSteps(r: Pick<ReturnDetail, 'status' | 'origin' | 'createdAt' | 'authorizedAt' | 'receivedAt' | 'closedAt'>): Step[] {
  const opened: Step = { label: r.origin === 'shopper' ? 'Recesso richiesto dal cliente' : 'Reso aperto dal team', at: r.createdAt };
  if (r.status === 'rejected') {
    return [opened, ...(r.authorizedAt ? [{ label: 'Autorizzato', at: r.authorizedAt }] : []), { label: 'Rifiutato', at: r.closedAt }];
  }
  return [opened, { label: 'Autorizzato', at: r.authorizedAt }, { label: 'Ricevuto', at: r.receivedAt }, { label: 'Rimborsato', at: r.closedAt }];
}

export function ReturnTimeline({ ret }: { ret: ReturnDetail }) {
  return (
    <section aria-labelledby="cronologia-reso" className="grid gap-3">
      <h2 id="cronologia-reso" className="text-base font-semibold">
        Cronologia
      </h2>
      <ol className="grid gap-3 border-l pl-4" data-testid="return-timeline">
        {returnSteps(ret).map((s) => (
          <li key={s.label} className={cn('relative text-sm', !s.at && 'text-muted-foreground')}>
            <span
              aria-hidden
              className={cn('absolute -left-[1.3rem] top-1.5 size-2 rounded-full', s.at ? 'bg-primary' : 'border border-muted-foreground/50 bg-background')}
            />
            <p className="font-medium">{s.label}</p>
            <p className="text-xs text-muted-foreground">{s.at ? <time dateTime={s.at}>{formatDateTime(s.at)}</time> : 'Non ancora'}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
