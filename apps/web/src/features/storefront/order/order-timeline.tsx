import clsx from 'clsx';
import type { OrderEvent } from '@vetrina/shared/payments';
import { formatDateTime } from '@/lib/format';
import { Panel } from './panel';

/** Oldest first (the API's order, kept even if it ever changes). */
const chronological = (events: OrderEvent[]) => [...events].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));

/** 'Cronologia': every change of the order and of its payment, with its time. */
export function OrderTimeline({ events }: { events: OrderEvent[] }) {
  const list = chronological(events);
  return (
    <Panel title="Cronologia" id="cronologia">
      <ol role="list" className="relative space-y-5 border-l-2 border-black/10 pl-5">
        {list.map((e, i) => (
          <li key={`${e.at}-${e.kind}-${e.value}`} className="relative">
            <span
              aria-hidden
              className={clsx(
                'absolute -left-[calc(1.625rem+1px)] top-1 size-3 rounded-full ring-4 ring-white',
                i === list.length - 1 ? 'bg-(--sf-primary)' : 'bg-neutral-300',
              )}
            />
            <p className="font-medium">{e.label}</p>
            <p className="text-sm opacity-70">
              <time dateTime={e.at}>{formatDateTime(e.at)}</time>
            </p>
          </li>
        ))}
      </ol>
    </Panel>
  );
}
