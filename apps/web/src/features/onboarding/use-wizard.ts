import { useCallback, useState } from 'react';
import { DEFAULT_COLORS, LIMITS, type StoreColors } from '@vetrina/shared';

export const STEP_COUNT = 4;

export interface WizardData {
  name: string;
  logo: File | null;
  colors: StoreColors;
  themeId: string | null;
}

/** Wizard state and the Next rules of spec §4: name ≥ 2 trimmed chars; logo and palette always; a theme. */
export function useWizard() {
  const [step, setStep] = useState(0);
  const [data, setData] = useState<WizardData>({ name: '', logo: null, colors: { ...DEFAULT_COLORS }, themeId: null });
  const update = useCallback((patch: Partial<WizardData>) => setData((d) => ({ ...d, ...patch })), []);
  const canAdvance = [data.name.trim().length >= LIMITS.storeNameMin, true, true, data.themeId !== null][step] ?? false;
  return {
    step,
    data,
    update,
    canAdvance,
    isLast: step === STEP_COUNT - 1,
    next: () => canAdvance && setStep((s) => Math.min(s + 1, STEP_COUNT - 1)),
    back: () => setStep((s) => Math.max(s - 1, 0)),
  };
}
