import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Fingerprint, KeyRound, Pencil, Plus, Trash2 } from 'lucide-react';
import { passkeyNameField, type Passkey } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { formatDateTime, formatLongDate } from '@/lib/format';
import { passkeyBrowserError, passkeysSupported } from '@/lib/passkeys';
import { useAddPasskey, usePasskeys, useRenamePasskey } from '../passkeys-api';
import { PasskeyRemoveDialog } from './passkey-remove-dialog';

/** The name field's rule, from the shared schema: the message under the field, or null. */
const nameError = (name: string) => {
  const r = passkeyNameField.safeParse(name);
  return r.success ? null : (r.error.issues[0]?.message ?? null);
};

function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const rename = useRenamePasskey();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = nameError(name);
    if (invalid) return setError(invalid);
    try {
      await rename.mutateAsync({ id: passkey.id, name });
      onDone();
    } catch (err) {
      setError(errorMessage(err, 'Impossibile rinominare la passkey. Riprova.'));
    }
  };
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start" aria-label="Rinomina la passkey">
      <FormField
        label="Nome della passkey"
        required
        autoFocus
        value={name}
        maxLength={60}
        error={error ?? undefined}
        onChange={(e) => setName(e.target.value)}
      />
      <div className="flex gap-2 sm:pt-6">
        <Button type="submit" size="sm" disabled={rename.isPending}>
          Salva
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          Annulla
        </Button>
      </div>
    </form>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState(false);
  if (renaming)
    return (
      <li className="py-3">
        <RenameForm passkey={passkey} onDone={() => setRenaming(false)} />
      </li>
    );
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="passkey">
      <div className="flex min-w-0 items-start gap-3">
        <KeyRound className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
        <div className="min-w-0 space-y-0.5 text-sm">
          <p className="break-words font-medium">{passkey.name}</p>
          <p className="flex flex-wrap gap-x-3 text-muted-foreground">
            <span className="whitespace-nowrap">Aggiunta il {formatLongDate(passkey.createdAt)}</span>
            <span className="whitespace-nowrap">{passkey.lastUsedAt ? `Ultimo uso: ${formatDateTime(passkey.lastUsedAt)}` : 'Mai usata'}</span>
          </p>
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="outline" size="sm" onClick={() => setRenaming(true)} aria-label={`Rinomina ${passkey.name}`}>
          <Pencil aria-hidden /> Rinomina
        </Button>
        <Button variant="outline" size="sm" onClick={() => setRemoving(true)} aria-label={`Rimuovi ${passkey.name}`}>
          <Trash2 aria-hidden /> Rimuovi
        </Button>
      </div>
      {removing && <PasskeyRemoveDialog passkey={passkey} onClose={() => setRemoving(false)} />}
    </li>
  );
}

/** Profilo → Sicurezza → 'Passkey': several per account, each with a name; sign in without the password. */
export function PasskeysCard() {
  const query = usePasskeys();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const supported = passkeysSupported();
  const passkeys = query.data?.passkeys;

  const onAdd = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const invalid = nameError(name);
    if (invalid) return setError(invalid);
    try {
      const created = await add.mutateAsync(name);
      setName('');
      toast.success('Passkey aggiunta', { description: `Ora puoi accedere con «${created.name}».` });
    } catch (err) {
      setError(passkeyBrowserError(err) ?? errorMessage(err, 'Impossibile registrare la passkey. Riprova.'));
    }
  };

  return (
    <Card data-testid="passkeys-card">
      <CardHeader>
        <CardTitle className="text-lg">Passkey</CardTitle>
        <CardDescription>
          Accedi con l’impronta, il volto o il PIN del tuo dispositivo, senza password. Una passkey vale anche come secondo passaggio dopo la password.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {query.isError ? (
          <div className="flex items-center gap-3 text-sm">
            <span>Impossibile caricare le passkey.</span>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              Riprova
            </Button>
          </div>
        ) : !passkeys ? (
          <Skeleton className="h-12 w-full" />
        ) : passkeys.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nessuna passkey registrata.</p>
        ) : (
          <ul className="divide-y" aria-label="Le tue passkey">
            {passkeys.map((p) => (
              <PasskeyRow key={p.id} passkey={p} />
            ))}
          </ul>
        )}
        {supported ? (
          <form onSubmit={(e) => void onAdd(e)} noValidate className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start" aria-label="Aggiungi una passkey">
            <FormField
              label="Nome della nuova passkey"
              placeholder="Es. Portatile dell’ufficio"
              required
              maxLength={60}
              value={name}
              error={error ?? undefined}
              onChange={(e) => setName(e.target.value)}
            />
            <Button type="submit" className="sm:mt-6" disabled={add.isPending}>
              {add.isPending ? <Fingerprint aria-hidden /> : <Plus aria-hidden />} {add.isPending ? 'In attesa del dispositivo…' : 'Aggiungi una passkey'}
            </Button>
          </form>
        ) : (
          <p className="text-sm text-muted-foreground">
            Questo browser non supporta le passkey: aprendo il profilo da un browser recente potrai aggiungerne una.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
