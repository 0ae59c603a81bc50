import { useId } from 'react';
import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { payoutMsg, type PaymentSettings } from '@vetrina/shared/payment-settings';
import { Button } from '@/components/ui/button';
import { copyText } from '@/components/ui/copy-text';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import type { PaymentForm } from '../../payment-form';

const kept = (hint: string | null) => `Chiave salvata (${hint ?? '…'}) — lascia vuoto per non cambiarla`;

/**
 * Stripe Checkout: the merchant's secret key and webhook secret (write-only, the owner's alone; an
 * admin reads their last four characters), and the webhook address to give Stripe.
 */
export function CardFields({ form, card, payoutEditable }: { form: PaymentForm; card: PaymentSettings['card']; payoutEditable: boolean }) {
  const urlId = useId();
  const errors = form.formState.errors.card;
  return (
    <>
      {payoutEditable ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Chiave segreta"
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder={card.hasSecretKey ? kept(card.secretKeyHint) : 'sk_live_…'}
            hint="Stripe → Developers → API keys: inizia con sk_live_ (o sk_test_ per le prove)."
            error={errors?.secretKey?.message}
            {...form.register('card.secretKey')}
          />
          <FormField
            label="Segreto del webhook"
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder={card.hasWebhookSecret ? kept(card.webhookSecretHint) : 'whsec_…'}
            hint="Il segreto di firma dell’endpoint: inizia con whsec_."
            error={errors?.webhookSecret?.message}
            {...form.register('card.webhookSecret')}
          />
        </div>
      ) : (
        <div className="grid gap-2 text-sm" data-testid="payment-card-keys">
          <dl className="grid gap-1 sm:grid-cols-2">
            <div>
              <dt className="text-muted-foreground">Chiave segreta</dt>
              <dd className="font-mono">{card.secretKeyHint ?? 'Non impostata'}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Segreto del webhook</dt>
              <dd className="font-mono">{card.webhookSecretHint ?? 'Non impostato'}</dd>
            </div>
          </dl>
          <p className="text-muted-foreground">{payoutMsg.readOnly}</p>
          <FieldError id={`${urlId}-keys-error`} message={errors?.secretKey?.message ?? errors?.webhookSecret?.message} />
        </div>
      )}
      <div className="grid gap-2">
        <Label htmlFor={urlId}>URL del webhook</Label>
        <div className="flex gap-2">
          <Input id={urlId} value={card.webhookUrl} readOnly onFocus={(e) => e.target.select()} className="font-mono text-xs sm:text-sm" />
          <Button
            variant="outline"
            size="icon"
            aria-label="Copia l’URL del webhook"
            onClick={async () => {
              await copyText(card.webhookUrl, document.getElementById(urlId) as HTMLInputElement | null);
              toast.success('Link copiato');
            }}
          >
            <Copy aria-hidden />
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">
          In Stripe apri Developers → Webhooks, crea un endpoint con questo URL e scegli gli eventi <code>checkout.session.completed</code>,{' '}
          <code>checkout.session.expired</code>, <code>charge.refunded</code> e <code>refund.updated</code> (per i rimborsi); poi incolla qui il suo segreto di
          firma.
        </p>
      </div>
      <p className="text-sm text-muted-foreground">Le chiavi sono conservate cifrate: se ne mostrano solo gli ultimi quattro caratteri.</p>
    </>
  );
}
