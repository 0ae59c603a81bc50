import { useId } from 'react';

/**
 * Consent to the store's marketing e-mails: optional, unticked on every load, apart from the terms
 * (GDPR). The order keeps when it was given; 'Clienti' shows the latest order's.
 */
export function MarketingConsent({ store, checked, onChange }: { store: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 text-sm">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="mt-0.5 size-5 shrink-0 accent-(--sf-primary)" />
      <label htmlFor={id}>
        Voglio ricevere via e-mail novità e offerte di {store} <span className="opacity-70">(facoltativo)</span>
      </label>
    </div>
  );
}
