import { forwardRef, type AnchorHTMLAttributes, type ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import clsx from 'clsx';
import { useStorefront } from '../store-context';

type Tone = 'primary' | 'outline' | 'ghost';

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 px-5 py-2 text-sm transition disabled:cursor-not-allowed disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0';
const tones: Record<Tone, string> = {
  primary: 'bg-(--sf-primary) text-(--sf-on-primary) hover:brightness-110 active:brightness-95',
  outline: 'bg-transparent text-(--sf-primary-ink) hover:bg-(--sf-soft)',
  ghost: 'bg-transparent text-current hover:bg-black/5',
};

/** Button classes in the store's colours and the theme's shape. */
export function useButtonClasses() {
  const { theme } = useStorefront();
  // Audace buttons already carry a thick black border; the others get a thin one in the text colour.
  const outline = theme.key === 'audace' ? '' : 'border border-current';
  return (tone: Tone = 'primary', className?: string) =>
    clsx(base, theme.button, tones[tone], tone === 'outline' && outline, tone !== 'primary' && 'shadow-none', className);
}

export const StoreButton = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement> & { tone?: Tone }>(
  ({ tone, className, type, ...props }, ref) => {
    const classes = useButtonClasses();
    return <button ref={ref} type={type ?? 'button'} className={classes(tone, className)} {...props} />;
  },
);
StoreButton.displayName = 'StoreButton';

export function StoreLink({ tone, className, ...props }: LinkProps & { tone?: Tone }) {
  const classes = useButtonClasses();
  return <Link className={classes(tone, className)} {...props} />;
}

/** A text link in the store's primary colour, darkened if needed to stay readable. */
export const InkLink = ({ className, ...props }: LinkProps & AnchorHTMLAttributes<HTMLAnchorElement>) => (
  <Link className={clsx('font-medium text-(--sf-primary-ink) underline-offset-4 hover:underline', className)} {...props} />
);

export function SoldOutBadge({ className }: { className?: string }) {
  const { theme } = useStorefront();
  return (
    <span className={clsx('inline-flex items-center bg-(--sf-secondary) px-2.5 py-1 text-xs font-semibold text-(--sf-on-secondary)', theme.badge, className)}>
      Esaurito
    </span>
  );
}
