import { useState } from 'react';
import { toast } from 'sonner';
import { ChevronDown, Reply } from 'lucide-react';
import type { ContactMessage } from '@vetrina/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/cn';
import { useMarkContactRead, useReplyToContact } from '../api';

/** One contact message: opening it marks it read; the reply is saved and e-mailed to the customer. */
export function ContactCard({ storeId, message }: { storeId: string; message: ContactMessage }) {
  const [open, setOpen] = useState(false);
  const [reply, setReply] = useState('');
  const markRead = useMarkContactRead(storeId);
  const send = useReplyToContact(storeId);

  const toggle = () => {
    setOpen((o) => !o);
    if (!open && !message.isRead) markRead.mutate(message.id);
  };
  const onSend = async () => {
    try {
      await send.mutateAsync({ id: message.id, response: reply.trim() });
      setReply('');
      toast.success('Risposta inviata', { description: `Abbiamo inviato la risposta a ${message.customerEmail}.` });
    } catch (err) {
      toast.error('Errore', { description: errorMessage(err, 'Impossibile inviare la risposta.') });
    }
  };
  const fieldId = `reply-${message.id}`;
  return (
    <li className={cn('rounded-lg border bg-card', !message.isRead && 'border-primary/40 bg-violet-50/40')}>
      <button type="button" onClick={toggle} aria-expanded={open} className="flex w-full items-start gap-3 p-4 text-left">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{message.customerName}</span>
            <span className="text-sm text-muted-foreground">{message.customerEmail}</span>
            {!message.isRead && <Badge>Nuovo</Badge>}
            {message.status === 'responded' && <Badge variant="success">Risposto</Badge>}
          </div>
          <p className={cn('mt-1 text-sm text-muted-foreground', !open && 'line-clamp-1')}>{message.message}</p>
        </div>
        <time className="shrink-0 text-xs text-muted-foreground" dateTime={message.createdAt}>
          {formatDateTime(message.createdAt)}
        </time>
        <ChevronDown aria-hidden className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')} />
      </button>
      {open && (
        <div className="space-y-3 border-t p-4">
          <p className="whitespace-pre-wrap break-words text-sm">{message.message}</p>
          {message.response && (
            <div className="rounded-md bg-muted p-3 text-sm">
              <p className="mb-1 text-xs font-medium text-muted-foreground">La tua risposta</p>
              <p className="whitespace-pre-wrap break-words">{message.response}</p>
            </div>
          )}
          <div className="grid gap-2">
            <Label htmlFor={fieldId}>{message.response ? 'Scrivi un’altra risposta' : 'Rispondi'}</Label>
            <Textarea id={fieldId} value={reply} maxLength={2000} onChange={(e) => setReply(e.target.value)} placeholder="Scrivi la tua risposta…" />
            <div className="flex justify-end">
              <Button onClick={onSend} disabled={!reply.trim() || send.isPending}>
                <Reply aria-hidden /> {send.isPending ? 'Invio in corso...' : 'Invia risposta'}
              </Button>
            </div>
          </div>
        </div>
      )}
    </li>
  );
}
