import { useState } from 'react';
import { toast } from 'sonner';
import { legalPageInputSchema, type LegalPage } from '@vetrina/shared/business-settings';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { TextareaField } from '@/components/ui/textarea-field';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { useLegalPreview, useResetLegalPage, useSaveLegalPage } from '../../business-api';

/** Styles for the preview, close to what the storefront shows. */
const PREVIEW =
  'max-h-[32rem] overflow-y-auto rounded-md border bg-background p-4 text-sm leading-6 [&_h2]:mt-6 [&_h2]:mb-2 [&_h2]:text-base [&_h2]:font-semibold [&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5 [&_a]:text-primary [&_a]:underline [&_table]:my-4 [&_table]:text-xs [&_th]:border-b [&_th]:px-2 [&_th]:py-1 [&_th]:text-left [&_td]:border-b [&_td]:px-2 [&_td]:py-1';

/** The Markdown of one legal page: write, preview (rendered by the server), save or go back to the template. */
export function LegalPageEditor({ storeId, page, onClose }: { storeId: string; page: LegalPage; onClose: () => void }) {
  const [markdown, setMarkdown] = useState(page.markdown);
  const [error, setError] = useState<string | undefined>();
  const [tab, setTab] = useState('scrivi');
  const save = useSaveLegalPage(storeId, page.kind);
  const reset = useResetLegalPage(storeId, page.kind);
  const preview = useLegalPreview(storeId);
  const busy = save.isPending || reset.isPending;
  const fieldId = `legal-${page.kind}`;
  useUnsavedChanges(markdown !== page.markdown);

  const onSave = () => {
    const parsed = legalPageInputSchema.safeParse({ markdown });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    save.mutate(parsed.data.markdown, {
      onSuccess: () => {
        toast.success(`“${page.title}” salvata`);
        onClose();
      },
      onError: (err) => setError(errorMessage(err, 'Impossibile salvare la pagina')),
    });
  };

  const onReset = () =>
    reset.mutate(undefined, {
      onSuccess: (fresh) => {
        setMarkdown(fresh.markdown);
        setError(undefined);
        toast.success('Modello ripristinato');
      },
      onError: (err) => toast.error('Errore', { description: errorMessage(err, 'Impossibile ripristinare il modello') }),
    });

  const onTab = (value: string) => {
    setTab(value);
    if (value === 'anteprima' && markdown.trim()) preview.mutate(markdown);
  };

  return (
    <div className="grid gap-4 rounded-lg border bg-muted/30 p-4">
      <Tabs value={tab} onValueChange={onTab}>
        <TabsList aria-label={`Modifica ${page.title}`}>
          <TabsTrigger value="scrivi">Scrivi</TabsTrigger>
          <TabsTrigger value="anteprima">Anteprima</TabsTrigger>
        </TabsList>
        <TabsContent value="scrivi">
          <TextareaField
            id={fieldId}
            label={`Testo di “${page.title}” (Markdown)`}
            rows={18}
            spellCheck
            className="font-mono text-sm"
            value={markdown}
            onChange={(e) => {
              setMarkdown(e.target.value);
              setError(undefined);
            }}
            disabled={busy}
            error={error}
            hint="## per i titoli, **grassetto**, - per gli elenchi, [testo](https://…) per i link. L’HTML non viene pubblicato."
          />
        </TabsContent>
        <TabsContent value="anteprima">
          {preview.isPending ? (
            <p className="text-sm text-muted-foreground" role="status">
              Preparazione dell’anteprima…
            </p>
          ) : preview.isError ? (
            <p role="alert" className="text-sm">
              {errorMessage(preview.error, 'Impossibile mostrare l’anteprima')}
            </p>
          ) : (
            // The server rendered it with raw HTML disabled and safe links only.
            <div className={PREVIEW} dangerouslySetInnerHTML={{ __html: markdown.trim() ? (preview.data ?? '') : '' }} />
          )}
        </TabsContent>
      </Tabs>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
        <ConfirmDialog
          trigger={
            <Button type="button" variant="outline" disabled={busy || !page.customised}>
              {reset.isPending ? 'Ripristino...' : 'Ripristina modello'}
            </Button>
          }
          title="Ripristinare il modello?"
          description={`Il tuo testo di “${page.title}” verrà sostituito dal modello compilato con i dati attuali dello store.`}
          confirmLabel="Ripristina modello"
          onConfirm={onReset}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button type="button" variant="ghost" onClick={onClose} disabled={busy}>
            Chiudi
          </Button>
          <Button type="button" onClick={onSave} disabled={busy}>
            {save.isPending ? 'Salvataggio...' : 'Salva pagina'}
          </Button>
        </div>
      </div>
    </div>
  );
}
