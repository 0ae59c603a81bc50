import type { ReactNode } from 'react';
import clsx from 'clsx';
import { useStorefront } from '../store-context';
import { CONTAINER } from './container';

/** A titled block of a storefront page, spaced by the theme; `action` sits to the right of the title. */
export function Section({ title, action, children, id }: { title: string; action?: ReactNode; children: ReactNode; id?: string }) {
  const { theme } = useStorefront();
  const headingId = id ? `${id}-titolo` : undefined;
  return (
    <section aria-labelledby={headingId} className={clsx(CONTAINER, theme.section)}>
      <div className={clsx('mb-6 flex gap-4 sm:mb-8', theme.key === 'classico' ? 'flex-col items-center text-center' : 'items-end justify-between')}>
        <h2 id={headingId} className={theme.h2}>
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
