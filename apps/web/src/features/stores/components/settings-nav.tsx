import { useId } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { sectionsFor, settingsPath, type SettingsSectionSlug } from '../settings-sections';

/**
 * The sections of Impostazioni: a side menu from 1024 px, a select below it (one line, never wider
 * than the screen; at 768 px the dashboard's sidebar leaves no room for a second menu). Both navigate, so the dashboard's unsaved-changes guard asks before leaving.
 */
export function SettingsNav({ storeId, current, isAdmin }: { storeId: string; current: SettingsSectionSlug; isAdmin: boolean }) {
  const navigate = useNavigate();
  const selectId = useId();
  const sections = sectionsFor(isAdmin);
  return (
    <>
      <div className="grid gap-2 lg:hidden">
        <Label htmlFor={selectId}>Sezione</Label>
        <NativeSelect
          id={selectId}
          value={current}
          onChange={(e) => navigate(settingsPath(storeId, e.target.value as SettingsSectionSlug))}
          data-testid="settings-section-select"
        >
          {sections.map((s) => (
            <option key={s.slug} value={s.slug}>
              {s.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <nav aria-label="Sezioni delle impostazioni" className="hidden lg:block">
        <ul className="sticky top-4 grid gap-1">
          {sections.map((s) => (
            <li key={s.slug}>
              <NavLink
                to={settingsPath(storeId, s.slug)}
                className={({ isActive }) =>
                  cn(
                    'flex h-9 items-center rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    isActive && 'bg-accent text-accent-foreground',
                  )
                }
              >
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
