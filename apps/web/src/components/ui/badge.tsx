import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const variants = {
  default: 'bg-primary text-primary-foreground',
  secondary: 'bg-muted text-foreground',
  outline: 'border text-foreground',
  destructive: 'bg-destructive text-destructive-foreground',
  success: 'bg-emerald-100 text-emerald-800',
  warning: 'bg-amber-100 text-amber-800',
  info: 'bg-blue-100 text-blue-800',
  purple: 'bg-violet-100 text-violet-800',
  indigo: 'bg-indigo-100 text-indigo-800',
  danger: 'bg-red-100 text-red-800',
} as const;

export function Badge({ className, variant = 'default', ...p }: HTMLAttributes<HTMLSpanElement> & { variant?: keyof typeof variants }) {
  return <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', variants[variant], className)} {...p} />;
}
