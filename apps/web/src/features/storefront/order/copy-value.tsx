import { useEffect, useState } from 'react';
import clsx from 'clsx';
import { Check, Copy } from 'lucide-react';
import { notify } from '../notify';

/** Copies `text`; 'Copiato' when it worked, a way out when the browser refuses (no clipboard, no permission). */
async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    notify.success('Copiato');
    return true;
  } catch {
    notify.error('Impossibile copiare', { description: 'Seleziona il testo e copialo a mano.' });
    return false;
  }
}

interface Props {
  label: string;
  /** What the shopper reads (an IBAN in groups of four). */
  display: string;
  /** What lands in the clipboard (the same IBAN without spaces); `display` when absent. */
  value?: string;
  mono?: boolean;
}

/** One line of the transfer details: the name, the value and a copy button. */
export function CopyValue({ label, display, value, mono }: Props) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2_000);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <div className="flex items-center gap-3 py-2.5">
      <div className="min-w-0 flex-1">
        <dt className="text-xs uppercase tracking-wide opacity-70">{label}</dt>
        <dd className={clsx('break-words font-medium', mono && 'font-mono')}>{display}</dd>
      </div>
      <button
        type="button"
        onClick={() => void copy(value ?? display).then(setCopied)}
        aria-label={`Copia ${label.toLowerCase()}`}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-(--sf-primary-ink) hover:bg-(--sf-soft)"
      >
        {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
      </button>
    </div>
  );
}
