import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface Props {
  step: number;
  isLast: boolean;
  canAdvance: boolean;
  /** The element that says why Avanti/Completa is disabled, if the step shows one. */
  blockedReasonId?: string;
  busy: boolean;
  newStoreMode: boolean;
  onBack: () => void;
  onNext: () => void;
  onComplete: () => void;
  onLeave: () => void;
}

/** Indietro / Avanti / Completa; on step 1 the left button leaves ('Crea più tardi', or 'Annulla' in new-store mode). */
export function WizardFooter({ step, isLast, canAdvance, blockedReasonId, busy, newStoreMode, onBack, onNext, onComplete, onLeave }: Props) {
  const reason = canAdvance ? undefined : blockedReasonId;
  return (
    <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
      {step === 0 ? (
        <Button variant="ghost" onClick={onLeave} disabled={busy}>
          {newStoreMode ? 'Annulla' : 'Crea più tardi'}
        </Button>
      ) : (
        <Button variant="outline" onClick={onBack} disabled={busy}>
          <ArrowLeft aria-hidden /> Indietro
        </Button>
      )}
      {isLast ? (
        <Button onClick={onComplete} disabled={!canAdvance || busy} aria-describedby={reason}>
          <Check aria-hidden /> {busy ? 'Creazione in corso...' : 'Completa'}
        </Button>
      ) : (
        <Button onClick={onNext} disabled={!canAdvance} aria-describedby={reason}>
          Avanti <ArrowRight aria-hidden />
        </Button>
      )}
    </div>
  );
}
