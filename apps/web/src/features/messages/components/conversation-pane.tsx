import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/cn';
import { useConversation, useMarkConversationRead, useSendStoreChat } from '../api';

/** The open conversation: messages oldest first, customer messages marked read on open and as they arrive. */
export function ConversationPane({ storeId, userId, customerEmail }: { storeId: string; userId: string; customerEmail: string }) {
  const { data } = useConversation(storeId, userId);
  const markRead = useMarkConversationRead(storeId);
  const send = useSendStoreChat(storeId);
  const [text, setText] = useState('');
  const bottom = useRef<HTMLDivElement>(null);
  const unread = data?.messages.some((m) => m.senderType === 'customer' && !m.isRead) ?? false;
  const { mutate: markReadNow } = markRead;

  useEffect(() => {
    if (unread) markReadNow(userId);
  }, [unread, userId, markReadNow]);
  // Block body: scrollIntoView returns a promise in newer browsers, which must not become the effect's cleanup.
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [data?.messages.length]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const message = text.trim();
    if (!message) return;
    try {
      await send.mutateAsync({ userId, message });
      setText('');
    } catch (err) {
      toast.error('Errore', { description: errorMessage(err, 'Non è stato possibile inviare il messaggio.') });
    }
  };
  return (
    <section className="flex h-[28rem] flex-col rounded-lg border bg-card" aria-label={`Conversazione con ${customerEmail}`}>
      <header className="border-b px-4 py-3 text-sm font-medium">{customerEmail}</header>
      <div className="flex-1 space-y-2 overflow-y-auto p-4" aria-live="polite">
        {data?.messages.map((m) => (
          <div key={m.id} className={cn('flex', m.senderType === 'store' ? 'justify-end' : 'justify-start')}>
            <div className={cn('max-w-[80%] rounded-lg px-3 py-2 text-sm', m.senderType === 'store' ? 'bg-primary text-primary-foreground' : 'bg-muted')}>
              <p className="whitespace-pre-wrap break-words">{m.message}</p>
              <time className="mt-1 block text-[11px] opacity-75" dateTime={m.createdAt}>
                {formatDateTime(m.createdAt)}
              </time>
            </div>
          </div>
        ))}
        <div ref={bottom} />
      </div>
      <form onSubmit={onSubmit} className="flex gap-2 border-t p-3">
        <Input value={text} maxLength={2000} onChange={(e) => setText(e.target.value)} placeholder="Scrivi una risposta…" aria-label="Messaggio" />
        <Button type="submit" disabled={!text.trim() || send.isPending} aria-label="Invia">
          <Send aria-hidden />
        </Button>
      </form>
    </section>
  );
}
