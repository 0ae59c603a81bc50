import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Copy, Download } from 'lucide-react';
import type { EnrolledFactor } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { copyText } from '@/components/ui/copy-text';
import { FormField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api';
import { useConfirmTotp, useDisableTotp } from '../two-step-api';
import { CodeOrPasswordField, useCodeOrPassword } from './code-or-password';

/** The key in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/** The QR code and the key ('Chiave'), then the first code that turns it on. */
export function EnrolTotp({ enrolled, onConfirmed, onCancel }: { enrolled: EnrolledFactor; onConfirmed: (codes: string[]) => void; onCancel: () => void }) {
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const qrSrc = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolled.totp.qrCode)}`;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const { recoveryCodes } = await confirm.mutateAsync({ id: enrolled.factor.id, code });
      onConfirmed(recoveryCodes);
    } catch (err) {
      setError(errorMessage(err, 'Codice non valido o scaduto'));
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4" aria-label="Attiva la verifica in due passaggi">
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        <li>Inquadra il codice QR con l’app di autenticazione, oppure inserisci la chiave a mano.</li>
        <li>Scrivi qui sotto il codice di 6 cifre che l’app mostra.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row">
        <img src={qrSrc} alt="Codice QR da inquadrare con l’app di autenticazione" className="size-44 shrink-0 rounded-md border bg-white p-1" />
        <div className="min-w-0 text-sm">
          <p className="text-muted-foreground">Chiave</p>
          <code className="block break-words font-mono text-base" data-testid="totp-secret">
            {grouped(enrolled.totp.secret)}
          </code>
        </div>
      </div>
      <div className="max-w-xs">
        <FormField
          label="Codice di verifica"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          value={code}
          error={error ?? undefined}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={confirm.isPending || code.length !== 6}>
          {confirm.isPending ? 'Verifica in corso…' : 'Conferma e attiva'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Annulla
        </Button>
      </div>
    </form>
  );
}

/** The ten recovery codes, shown this once: copy or download them. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join('\n');
  const hidden = useRef<HTMLInputElement>(null);
  const onCopy = async () => {
    await copyText(text, hidden.current);
    toast.success('Codici copiati');
  };
  const onDownload = () => {
    const url = URL.createObjectURL(new Blob([`Codici di recupero Vetrina\n\n${text}\n`], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'vetrina-codici-di-recupero.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        <strong>Salva questi codici di recupero</strong>: se perdi il telefono, ognuno ti fa accedere una volta al posto del codice dell’app. Non li mostreremo
        più.
      </p>
      <ul className="grid grid-cols-2 gap-2 rounded-md border bg-muted/40 p-3 font-mono text-sm" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <input ref={hidden} readOnly value={text} className="sr-only" aria-hidden tabIndex={-1} />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void onCopy()}>
          <Copy aria-hidden /> Copia i codici
        </Button>
        <Button variant="outline" onClick={onDownload}>
          <Download aria-hidden /> Scarica i codici
        </Button>
        <Button onClick={onDone}>Ho salvato i codici</Button>
      </div>
    </div>
  );
}

/** 'Disattiva' asks for a current code or the password. */
export function DisableTwoStep({ factorId }: { factorId: string }) {
  const disable = useDisableTotp();
  const [open, setOpen] = useState(false);
  const entry = useCodeOrPassword();
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await disable.mutateAsync({ id: factorId, proof: entry.proof });
      toast.success('Verifica in due passaggi disattivata');
    } catch (err) {
      setError(errorMessage(err, 'Riprova più tardi'));
    }
  };

  if (!open)
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-muted-foreground">All’accesso ti chiediamo il codice dell’app.</p>
        <Button variant="outline" onClick={() => setOpen(true)}>
          Disattiva
        </Button>
      </div>
    );
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid max-w-sm gap-3" aria-label="Disattiva la verifica in due passaggi">
      <CodeOrPasswordField input={entry} error={error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" disabled={disable.isPending || entry.value === ''}>
          {disable.isPending ? 'Disattivazione…' : 'Disattiva'}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          Annulla
        </Button>
      </div>
    </form>
  );
}
