import type { ComponentProps } from 'react';
import { Separator as S } from 'radix-ui';
import { cn } from '@/lib/cn';

export const Separator = ({ className, orientation = 'horizontal', ...p }: ComponentProps<typeof S.Root>) => (
  <S.Root orientation={orientation} className={cn('shrink-0 bg-border', orientation === 'horizontal' ? 'h-px w-full' : 'h-full w-px', className)} {...p} />
);
