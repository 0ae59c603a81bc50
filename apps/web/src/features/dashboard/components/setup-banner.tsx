import { useState } from 'react';
import { Link } from 'react-router';
import { Sparkles, X } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';

const DISMISSED_KEY = 'vetrina:setup-banner-dismissed';

/** Shown while the user has no store; once dismissed it stays hidden for the browser session. */
export function SetupBanner() {
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED_KEY) === '1');
  if (dismissed) return null;
  return (
    <div role="region" aria-label="Configurazione" className="flex flex-wrap items-center gap-3 border-b bg-accent px-4 py-2.5 text-sm text-accent-foreground">
      <Sparkles className="size-4 shrink-0" aria-hidden />
      <p className="flex-1 font-medium">Completa la configurazione del tuo store</p>
      <Link to="/onboarding" className={buttonClasses('default', 'sm')}>
        Completa ora
      </Link>
      <button
        type="button"
        aria-label="Chiudi avviso"
        className="rounded-sm p-1 opacity-70 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        onClick={() => {
          sessionStorage.setItem(DISMISSED_KEY, '1');
          setDismissed(true);
        }}
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
