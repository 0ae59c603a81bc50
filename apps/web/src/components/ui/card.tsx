import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** min-w-0: a card in a grid or flex row never grows past its column for a long unbroken line (names truncate inside). */
export const Card = ({ className, ...p }: HTMLAttributes<HTMLDivElement>) => (
  <div className={cn('min-w-0 rounded-lg border bg-card text-card-foreground shadow-sm', className)} {...p} />
);
export const CardHeader = ({ className, ...p }: HTMLAttributes<HTMLDivElement>) => <div className={cn('flex flex-col gap-1.5 p-6', className)} {...p} />;
/** An h2: cards sit right under the page's h1. A card inside a titled section passes as="h3" (headings never skip a level). */
export const CardTitle = ({ className, as: Heading = 'h2', ...p }: HTMLAttributes<HTMLHeadingElement> & { as?: 'h2' | 'h3' }) => (
  <Heading className={cn('text-xl font-semibold leading-tight tracking-tight', className)} {...p} />
);
export const CardDescription = ({ className, ...p }: HTMLAttributes<HTMLParagraphElement>) => (
  <p className={cn('text-sm text-muted-foreground', className)} {...p} />
);
export const CardContent = ({ className, ...p }: HTMLAttributes<HTMLDivElement>) => <div className={cn('p-6 pt-0', className)} {...p} />;
export const CardFooter = ({ className, ...p }: HTMLAttributes<HTMLDivElement>) => <div className={cn('flex items-center p-6 pt-0', className)} {...p} />;
