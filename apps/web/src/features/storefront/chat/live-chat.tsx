import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { ChatMessage } from '@vetrina/shared/messages-chat';
import { chatMessageResponseSchema, chatMessagesResponseSchema, MESSAGE_MAX } from '@vetrina/shared/messages-chat';
import { api, errorMessage } from '@/lib/api';
import { realtime } from '@/lib/realtime';
import { notify } from '../notify';

const time = new Intl.DateTimeFormat('it-IT', { hour: '2-digit', minute: '2-digit' });

/** Adds messages that are not there yet, keeping the conversation in time order. */
function merge(list: ChatMessage[], incoming: ChatMessage[]) {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** A signed-in visitor's conversation with the store: history from the server, replies live. */
export function LiveChat({ slug }: { slug: string }) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);

  const load = useCallback(async () => {
    try {
      const res = await api(`/api/public/stores/${slug}/chat`, { schema: chatMessagesResponseSchema });
      setMessages((list) => merge(list, res.messages));
    } finally {
      setLoaded(true);
    }
  }, [slug]);

  useEffect(() => {
    void load();
    const off = realtime.subscribe({ kind: 'chat', slug }, (event) => {
      if (event.type === 'chat.message') setMessages((list) => merge(list, [event.message]));
    });
    // Whatever arrived while the connection was down is in the database: fetch it.
    const offReconnect = realtime.onReconnect(() => void load());
    return () => {
      off();
      offReconnect();
    };
  }, [slug, load]);
  // Block body: scrollIntoView returns a promise in newer browsers, which must not become the effect's cleanup.
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [messages.length]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const message = text.trim();
    if (!message) return;
    setSending(true);
    try {
      const res = await api(`/api/public/stores/${slug}/chat`, { body: { message }, schema: chatMessageResponseSchema });
      setMessages((list) => merge(list, [res.message]));
      setText('');
    } catch (err) {
      notify.error('Errore', { description: errorMessage(err, 'Non è stato possibile inviare il messaggio.') });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="min-h-48 flex-1 space-y-2 overflow-y-auto p-4" aria-live="polite" aria-label="Messaggi della chat">
        {loaded && !messages.length && <p className="text-sm text-gray-600">Ciao! Scrivici qui: ti rispondiamo appena possibile.</p>}
        {messages.map((m) => (
          <div key={m.id} className={m.senderType === 'customer' ? 'flex justify-end' : 'flex justify-start'}>
            <div
              className={
                m.senderType === 'customer'
                  ? 'max-w-[80%] rounded-2xl bg-(--sf-primary) px-3 py-2 text-sm text-(--sf-on-primary)'
                  : 'max-w-[80%] rounded-2xl bg-gray-100 px-3 py-2 text-sm'
              }
            >
              <p className="whitespace-pre-wrap break-words">{m.message}</p>
              <time className="mt-0.5 block text-[11px] opacity-75" dateTime={m.createdAt}>
                {time.format(new Date(m.createdAt))}
              </time>
            </div>
          </div>
        ))}
        <div ref={bottom} />
      </div>
      <form onSubmit={onSubmit} className="flex gap-2 border-t p-3">
        <label htmlFor="chat-input" className="sr-only">
          Messaggio
        </label>
        <input
          id="chat-input"
          className="min-w-0 flex-1 rounded-md border border-gray-300 px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-(--sf-primary)"
          placeholder="Scrivi un messaggio…"
          maxLength={MESSAGE_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button
          type="submit"
          disabled={!text.trim() || sending}
          className="rounded-md bg-(--sf-primary) px-3 py-2 text-sm font-medium text-(--sf-on-primary) disabled:opacity-60"
        >
          Invia
        </button>
      </form>
    </div>
  );
}
