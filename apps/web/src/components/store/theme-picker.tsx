import { Check } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import type { StoreColors } from '@vetrina/shared';
import { Skeleton } from '@/components/ui/skeleton';
import { useThemes } from '@/lib/stores';
import { cn } from '@/lib/cn';
import { ThemePreview } from './theme-preview';

/** The active themes as radio cards, each with a small storefront drawn in the chosen colours. */
export function ThemePicker(props: { value: string | null; onChange: (id: string) => void; colors: StoreColors; storeName: string; disabled?: boolean }) {
  const themes = useThemes();
  if (themes.isLoading) {
    return (
      <div className="grid gap-3 sm:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-48" />
        ))}
      </div>
    );
  }
  if (themes.isError) return <p className="text-sm text-destructive">Impossibile caricare i temi. Riprova più tardi.</p>;
  return (
    <RadioGroup.Root
      value={props.value ?? ''}
      onValueChange={props.onChange}
      disabled={props.disabled}
      aria-label="Tema dello store"
      className="grid gap-3 sm:grid-cols-2"
    >
      {themes.data?.map((t) => {
        const selected = props.value === t.id;
        return (
          <RadioGroup.Item
            key={t.id}
            value={t.id}
            data-testid={`theme-${t.key}`}
            className={cn(
              'grid gap-2 rounded-lg border p-3 text-left transition-colors hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-60',
              selected && 'border-primary ring-1 ring-primary',
            )}
          >
            <ThemePreview themeKey={t.key} colors={props.colors} name={props.storeName} />
            <span className="flex items-center justify-between gap-2">
              <span className="font-medium">{t.name}</span>
              {selected && <Check className="size-4 text-primary" aria-hidden />}
            </span>
            <span className="text-xs text-muted-foreground">{t.description}</span>
          </RadioGroup.Item>
        );
      })}
    </RadioGroup.Root>
  );
}
