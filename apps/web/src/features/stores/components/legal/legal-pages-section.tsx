import { useState } from 'react';
import { ExternalLink } from 'lucide-react';
import { legalPagePath, type LegalPageKind } from '@vetrina/shared/legal-pages';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { useLegalPages } from '../../business-api';
import { LoadedSettingsSection } from '../settings-section';
import { LegalPageEditor } from './legal-page-editor';

/** The 'Pagine legali' card: the three pages linked in the storefront's footer, each editable. */
export function LegalPagesSection({ storeId, storeSlug }: { storeId: string; storeSlug: string }) {
  const pages = useLegalPages(storeId);
  const [open, setOpen] = useState<LegalPageKind | null>(null);
  return (
    <LoadedSettingsSection
      query={pages}
      errorText="Impossibile caricare le pagine legali"
      title="Pagine legali"
      description="Termini e condizioni, privacy e spedizioni e resi, linkate nel piede del negozio. Partono da un modello compilato con i tuoi dati e le tue impostazioni: rileggile e adattale alla tua attività."
    >
      {(data) => (
        <ul className="grid gap-3">
          {data.map((page) => (
            <li key={page.kind} className="grid gap-3" data-testid={`legal-page-${page.kind}`}>
              <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3">
                <div className="min-w-0">
                  <p className="font-medium">{page.title}</p>
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                    {page.customised ? (
                      <>
                        <Badge variant="purple">Personalizzata</Badge>
                        {page.updatedAt && <span>Modificata il {formatDateTime(page.updatedAt)}</span>}
                      </>
                    ) : (
                      <>
                        <Badge variant="secondary">Modello automatico</Badge>
                        <span>Si aggiorna con i dati aziendali, i pagamenti, le spedizioni e i resi</span>
                      </>
                    )}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <a
                    href={legalPagePath(storeSlug, page.kind)}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
                  >
                    Vedi <ExternalLink aria-hidden className="size-3.5" />
                    <span className="sr-only">{page.title} nel negozio (nuova scheda)</span>
                  </a>
                  <Button variant="outline" size="sm" aria-expanded={open === page.kind} onClick={() => setOpen(open === page.kind ? null : page.kind)}>
                    {open === page.kind ? 'Chiudi' : 'Modifica'}
                  </Button>
                </div>
              </div>
              {open === page.kind && <LegalPageEditor storeId={storeId} page={page} onClose={() => setOpen(null)} />}
            </li>
          ))}
        </ul>
      )}
    </LoadedSettingsSection>
  );
}
