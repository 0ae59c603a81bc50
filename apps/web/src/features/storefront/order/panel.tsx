import type { ReactNode } from 'react';
import clsx from 'clsx';
import { useStorefront } from '../store-context';

/** A titled box of the order page, in the theme's shape. */
export function Panel({ title, id, children, className }: { title: string; id: string; children: ReactNode; className?: string }) {
  const { theme } = useStorefront();
  return (
    <section aria-labelledby={`${id}-titolo`} className={clsx('space-y-4 p-5 text-neutral-900 sm:p-6', theme.panel, className)}>
      <h2
        id={`${id}-titolo`}
        className={clsx('text-lg font-semibold', theme.key === 'classico' && 'font-serif', theme.key === 'audace' && 'font-black uppercase')}
      >
        {title}
      </h2>
      {children}
    </section>
  );
}
