import { Link } from 'react-router';
import { toast } from 'sonner';
import { CheckCircle2, ChevronRight, Circle, ExternalLink, X } from 'lucide-react';
import { SETUP_STEP_LABELS, type SetupStep } from '@vetrina/shared/store-setup';
import type { StoreSummary } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { useDismissStoreSetup, useMarkStoreVisited, useStoreSetup } from '../api';

/** Where each step is done. The settings page's sections are its anchors (one place to change if they move). */
function stepLink(step: SetupStep, store: StoreSummary): string {
  const settings = `/dashboard/stores/${store.id}/settings`;
  const links: Record<SetupStep, string> = {
    product: '/dashboard/products/new',
    payments: `${settings}/pagamenti`,
    shipping: `${settings}/spedizioni`,
    business: `${settings}/dati-aziendali`,
    legal: `${settings}/pagine-legali`,
    visit: `/store/${store.slug}`,
  };
  return links[step];
}

const rowClass =
  'flex min-h-11 items-center gap-3 rounded-md px-2 py-2 text-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * 'Primi passi' (docs/decisions/0047-setup-guide.md): a new store's checklist, ticked from its
 * data, each step a link to where it is done; shown to whoever edits the settings until dismissed.
 */
export function SetupGuide({ store }: { store: StoreSummary }) {
  const setup = useStoreSetup(store.id, true);
  const visited = useMarkStoreVisited(store.id);
  const dismiss = useDismissStoreSetup(store.id);
  const data = setup.data;
  if (!data || data.dismissed) return null;
  const complete = data.done === data.total;

  const hide = () =>
    dismiss.mutate(true, {
      onError: (err) => toast.error('Errore', { description: errorMessage(err, 'Impossibile nascondere la guida: riprova') }),
    });

  return (
    <Card data-testid="setup-guide" aria-labelledby="primi-passi">
      <CardHeader className="flex-row items-start gap-3 space-y-0 pb-3">
        <div className="min-w-0 flex-1 space-y-1">
          <CardTitle id="primi-passi" className="text-lg">
            Primi passi
          </CardTitle>
          <CardDescription>
            {complete ? 'Tutto pronto: il tuo store è configurato.' : 'Le cose da fare per aprire il tuo store ai clienti.'}{' '}
            <span className="whitespace-nowrap font-medium text-foreground" data-testid="setup-progress">
              {data.done} di {data.total} fatti
            </span>
          </CardDescription>
        </div>
        <Button variant="ghost" size="sm" onClick={hide} disabled={dismiss.isPending} aria-label="Nascondi la guida Primi passi">
          <X aria-hidden />
          <span className="hidden sm:inline">{dismiss.isPending ? 'Chiusura…' : 'Nascondi'}</span>
        </Button>
      </CardHeader>
      <CardContent>
        <div
          className="mb-3 h-2 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label="Passi completati"
          aria-valuemin={0}
          aria-valuemax={data.total}
          aria-valuenow={data.done}
        >
          <div className="h-full rounded-full bg-primary transition-all" style={{ width: `${(data.done / data.total) * 100}%` }} />
        </div>
        <ol className="grid grid-cols-1 gap-1 lg:grid-cols-2">
          {data.steps.map(({ step, done }) => {
            const label = SETUP_STEP_LABELS[step];
            const content = (
              <>
                {done ? (
                  <CheckCircle2 className="size-5 shrink-0 text-emerald-600" aria-hidden />
                ) : (
                  <Circle className="size-5 shrink-0 text-muted-foreground" aria-hidden />
                )}
                <span className={done ? 'flex-1 text-muted-foreground line-through' : 'flex-1 font-medium'}>{label}</span>
                <span className="sr-only">{done ? '(fatto)' : '(da fare)'}</span>
                {step === 'visit' ? (
                  <ExternalLink className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                ) : (
                  <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                )}
              </>
            );
            return (
              <li key={step}>
                {step === 'visit' ? (
                  <a
                    href={stepLink(step, store)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={rowClass}
                    onClick={() => {
                      if (!done)
                        visited.mutate(undefined, {
                          onError: (err) => toast.error('Errore', { description: errorMessage(err, 'Impossibile segnare la visita: riprova') }),
                        });
                    }}
                  >
                    {content}
                    <span className="sr-only"> (si apre in una nuova scheda)</span>
                  </a>
                ) : (
                  <Link to={stepLink(step, store)} className={rowClass}>
                    {content}
                  </Link>
                )}
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
