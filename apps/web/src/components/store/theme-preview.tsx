import { themeTokensOf, type StoreColors, type ThemeTokens } from '@vetrina/shared';
import { solid } from '@vetrina/shared/color-contrast';
import { cn } from '@/lib/cn';

const CARD: Record<ThemeTokens['card'], string> = {
  shadow: 'bg-white shadow-md',
  bordered: 'bg-white border border-neutral-300',
  flat: 'bg-neutral-100',
  bold: 'bg-white border-2 border-neutral-900',
};
const GAP: Record<ThemeTokens['density'], string> = { compact: 'gap-1', comfortable: 'gap-1.5', airy: 'gap-3' };

/** A thumbnail storefront drawn from the theme's tokens: hero, type, grid, cards and radius really differ. */
export function ThemePreview({ themeKey, colors, name }: { themeKey: string; colors: StoreColors; name: string }) {
  const t = themeTokensOf(themeKey);
  const radius = { borderRadius: t.radius === '0' ? 0 : `calc(${t.radius} / 2)` };
  const heading = { fontFamily: t.headingFont === 'serif' ? 'var(--font-serif)' : 'var(--font-sans)', fontWeight: t.headingWeight };
  const cards = t.columns;
  // Text on the merchant's colour is chosen as the storefront chooses it: white where it reads, else dark.
  const filled = solid(colors.primary);
  return (
    <div aria-hidden className="h-36 overflow-hidden rounded-md border bg-white text-[8px] leading-tight text-neutral-800">
      <div
        className={cn('flex items-center px-2 py-1', t.hero === 'centered' ? 'justify-center' : 'justify-between')}
        style={{ borderBottom: '1px solid #eee' }}
      >
        <span className="truncate" style={heading}>
          {name || 'Il mio negozio'}
        </span>
        {t.hero !== 'centered' && <span className="h-1.5 w-6 rounded-full" style={{ background: colors.primary }} />}
      </div>
      {t.hero === 'large' && (
        // Moderno's hero: the primary colour as a soft tint, dark text, a glow of the secondary.
        <div
          className="m-1.5 flex h-8 items-end p-1.5"
          style={{
            ...radius,
            background: `radial-gradient(circle at 90% 10%, ${colors.secondary}55, transparent 60%), color-mix(in srgb, ${colors.primary} 12%, white)`,
          }}
        >
          <span style={heading}>Nuova collezione</span>
        </div>
      )}
      {t.hero === 'centered' && (
        <div className="mx-1.5 my-1 flex h-7 flex-col items-center justify-center border-y" style={{ borderColor: colors.secondary }}>
          <span style={heading}>Benvenuti</span>
        </div>
      )}
      {t.hero === 'full-bleed' && (
        <div className="flex h-10 items-center px-2" style={{ background: filled.bg, color: filled.fg }}>
          <span className="text-[11px] uppercase" style={heading}>
            Saldi!
          </span>
        </div>
      )}
      <div className={cn('grid p-1.5', GAP[t.density])} style={{ gridTemplateColumns: `repeat(${t.columns}, minmax(0, 1fr))` }}>
        {Array.from({ length: cards }, (_, i) => (
          <div key={i} className={cn('overflow-hidden p-0.5', CARD[t.card])} style={radius}>
            <div className="w-full" style={{ aspectRatio: t.imageRatio, background: i % 2 ? `${colors.secondary}33` : `${colors.primary}26`, ...radius }} />
            <div className="mt-0.5 h-0.5 w-3/4 rounded bg-neutral-300" />
            <div className="mt-0.5 h-1 w-1/3 rounded" style={{ background: colors.accent }} />
          </div>
        ))}
      </div>
    </div>
  );
}
