import { LANDING_STATS } from './stats';

export function StatsSection() {
  return (
    <section aria-labelledby="stats-title" className="border-y bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="stats-title" className="text-center text-sm font-semibold text-zinc-700">
          I numeri di Vetrina
        </h2>
        <dl className="mt-8 grid grid-cols-2 gap-x-6 gap-y-8 sm:grid-cols-3 lg:grid-cols-5">
          {LANDING_STATS.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse items-center justify-end gap-1 text-center last:col-span-2 sm:last:col-span-1">
              <dt className="text-sm text-zinc-600">{stat.label}</dt>
              <dd className="text-3xl font-bold tracking-tight tabular-nums">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
