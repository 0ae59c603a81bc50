import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface Props {
  step: number;
  isLast: boolean;
  canAdvance: boolean;
  busy: boolean;
  newStoreMode: boolean;
  onBack: () => void;
  onNext: () => void;
  onComplete: () => void;
  onLeave: () => void;
}

/** Indietro / Avanti / Completa; on step 1 the left button leaves ('Crea più tardi', or 'Annulla' in new-store mode). */
export function WizardFooter({ step, isLast, canAdvance, busy, newStoreMode, onBack, onNext, onComplete, onLeave }: Props) {
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
        <Button onClick={onComplete} disabled={!canAdvance || busy}>
          <Check aria-hidden /> {busy ? 'Creazione in corso...' : 'Completa'}
        </Button>
      ) : (
        <Button onClick={onNext} disabled={!canAdvance}>
          Avanti <ArrowRight aria-hidden />
        </Button>
      )}
    </div>
  );
}
