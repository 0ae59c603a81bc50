import type { MerchantOrderEvent } from '@vetrina/shared';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';

/** 'Cronologia': every event of the order, oldest first, with who did it (a member, 'Cliente' or 'Sistema'). */
export function OrderTimeline({ events }: { events: MerchantOrderEvent[] }) {
  return (
    <section aria-labelledby="cronologia-ordine" className="grid gap-3">
      <h2 id="cronologia-ordine" className="text-base font-semibold">
        Cronologia
      </h2>
      <ol className="grid gap-3 border-l pl-4" data-testid="order-timeline">
        {events.map((e, i) => (
          <li key={`${e.at}-${e.kind}-${i}`} className="relative text-sm" data-testid="timeline-event">
            <span
              aria-hidden
              className={cn('absolute -left-[1.3rem] top-1.5 size-2 rounded-full', e.actor.kind === 'member' ? 'bg-primary' : 'bg-muted-foreground/50')}
            />
            <p className="font-medium">{e.label}</p>
            <p className="text-xs text-muted-foreground">
              <time dateTime={e.at}>{formatDateTime(e.at)}</time> · <span className="break-all">{e.actor.label}</span>
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
