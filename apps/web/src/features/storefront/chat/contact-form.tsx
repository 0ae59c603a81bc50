import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { contactMsg, MESSAGE_MAX } from '@vetrina/shared/messages-chat';
import { errorMessage } from '@/lib/api';
import { sessionManager } from '@/lib/session';
import { notify } from '../notify';

const field = 'w-full rounded-md border border-gray-300 px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-(--sf-primary)';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The guest's contact form (spec §5 "Guest contact"), with a way to sign in for the live chat. */
export function ContactForm({ slug }: { slug: string }) {
  const location = useLocation();
  const [values, setValues] = useState({ customerName: '', customerEmail: '', message: '' });
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));
  const here = encodeURIComponent(location.pathname + location.search);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const v = { customerName: values.customerName.trim(), customerEmail: values.customerEmail.trim(), message: values.message.trim() };
    if (!v.customerName || !v.customerEmail || !v.message) return notify.error(contactMsg.missing, { description: 'Compila nome, email e messaggio.' });
    if (!EMAIL.test(v.customerEmail)) return notify.error(contactMsg.email, { description: contactMsg.emailHint });
    setSending(true);
    try {
      const token = sessionManager.current?.accessToken;
      const res = await fetch(`/api/public/stores/${slug}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(v),
      });
      if (!res.ok) throw await import('@/lib/api-error').then((m) => m.toApiError(res));
      setSent(true);
      setValues({ customerName: '', customerEmail: '', message: '' });
      notify.success('Messaggio inviato!', { description: 'Ti risponderemo via email al più presto.' });
    } catch (err) {
      notify.error('Errore', { description: errorMessage(err, 'Non è stato possibile inviare il messaggio. Riprova.') });
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <div className="space-y-3 p-4 text-sm" role="status">
        <p className="font-medium">Grazie! Il tuo messaggio è arrivato.</p>
        <p className="text-gray-600">Riceverai la risposta all’indirizzo email che hai indicato.</p>
        <button type="button" className="font-medium text-(--sf-primary-ink) underline" onClick={() => setSent(false)}>
          Scrivi un altro messaggio
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 overflow-y-auto p-4">
      <div className="space-y-1">
        <label htmlFor="contact-name" className="text-sm font-medium">
          Nome
        </label>
        <input id="contact-name" className={field} required maxLength={100} autoComplete="name" value={values.customerName} onChange={set('customerName')} />
      </div>
      <div className="space-y-1">
        <label htmlFor="contact-email" className="text-sm font-medium">
          Email
        </label>
        <input
          id="contact-email"
          type="email"
          className={field}
          required
          maxLength={255}
          autoComplete="email"
          value={values.customerEmail}
          onChange={set('customerEmail')}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor="contact-message" className="text-sm font-medium">
          Messaggio
        </label>
        <textarea id="contact-message" className={`${field} min-h-24`} required maxLength={MESSAGE_MAX} value={values.message} onChange={set('message')} />
      </div>
      <button
        type="submit"
        disabled={sending}
        className="w-full rounded-md bg-(--sf-primary) px-4 py-2 text-sm font-medium text-(--sf-on-primary) disabled:opacity-60"
      >
        {sending ? 'Invio in corso...' : 'Invia messaggio'}
      </button>
      <p className="text-center text-xs text-gray-600">
        Hai un account?{' '}
        <a className="font-medium text-(--sf-primary-ink) underline" href={`/login?redirect=${here}`}>
          Accedi
        </a>{' '}
        per la chat dal vivo.
      </p>
    </form>
  );
}
