import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Logo } from '@/components/layout/top-nav';
import { AccountMenu } from '@/components/layout/account-menu';
import { LogoPicker } from '@/components/store/logo-picker';
import { PalettePicker } from '@/components/store/palette-picker';
import { ThemePicker } from '@/components/store/theme-picker';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { useThemes } from '@/lib/stores';
import { useCreateStore } from '../api';
import { NAME_HINT_ID, NameStep } from '../components/name-step';
import { StepIndicator } from '../components/step-indicator';
import { WizardFooter } from '../components/wizard-footer';
import { STEP_COUNT, useWizard } from '../use-wizard';

const STEPS = [
  { title: 'Nome del tuo Store', description: 'Come si chiama il tuo negozio?' },
  { title: 'Logo dello Store', description: 'Facoltativo: puoi aggiungerlo anche più tardi.' },
  { title: 'Palette colori', description: 'Scegli una palette predefinita o personalizza i tre colori.' },
  { title: 'Tema', description: "Scegli l'aspetto del tuo store pubblico." },
];

/** Spec §2/§4 onboarding: 4 steps, then the store is created and the user lands on the dashboard. */
export default function OnboardingPage() {
  const [params] = useSearchParams();
  const newStoreMode = params.get('mode') === 'new-store';
  const navigate = useNavigate();
  const wizard = useWizard();
  const { step, data, update } = wizard;
  const themes = useThemes();
  const create = useCreateStore();
  const [nameTouched, setNameTouched] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // The first active theme is preselected (spec §4).
  const firstThemeId = themes.data?.[0]?.id ?? null;
  useEffect(() => {
    if (data.themeId === null && firstThemeId) update({ themeId: firstThemeId });
  }, [firstThemeId, data.themeId, update]);

  // Screen-reader and keyboard users land on the new step's title.
  useEffect(() => {
    if (firstRender.current) return void (firstRender.current = false);
    headingRef.current?.focus();
  }, [step]);

  const next = () => {
    if (step === 0) setNameTouched(true);
    wizard.next();
  };

  const complete = () =>
    create.mutate(
      { input: { name: data.name.trim(), colors: data.colors, themeId: data.themeId ?? undefined }, logo: data.logo },
      {
        onSuccess: () => {
          toast.success(newStoreMode ? 'Nuovo store creato!' : 'Configurazione completata!', { description: 'Il tuo store è pronto.' });
          navigate(newStoreMode ? '/dashboard/stores' : '/dashboard');
        },
        onError: (err) => toast.error('Errore', { description: errorMessage(err, 'Riprova più tardi') }),
      },
    );

  return (
    <div className="min-h-screen bg-muted/40">
      <header className="flex h-14 items-center justify-between border-b bg-background px-4">
        <Logo />
        <AccountMenu />
      </header>
      <main className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
        <Card>
          <CardHeader className="gap-4">
            <StepIndicator step={step} total={STEP_COUNT} />
            <div className="space-y-1">
              <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none">
                {STEPS[step]!.title}
              </h1>
              <CardDescription>{STEPS[step]!.description}</CardDescription>
            </div>
          </CardHeader>
          <CardContent className="grid gap-6">
            {step === 0 && <NameStep name={data.name} onChange={(name) => update({ name })} onSubmit={next} touched={nameTouched} />}
            {step === 1 && <LogoPicker file={data.logo} onChange={(logo) => update({ logo })} />}
            {step === 2 && <PalettePicker value={data.colors} onChange={(colors) => update({ colors })} />}
            {step === 3 && <ThemePicker value={data.themeId} onChange={(themeId) => update({ themeId })} colors={data.colors} storeName={data.name.trim()} />}
            <WizardFooter
              step={step}
              isLast={wizard.isLast}
              canAdvance={wizard.canAdvance}
              blockedReasonId={step === 0 && !nameTouched ? NAME_HINT_ID : undefined}
              busy={create.isPending}
              newStoreMode={newStoreMode}
              onBack={wizard.back}
              onNext={next}
              onComplete={complete}
              onLeave={() => navigate(newStoreMode ? '/dashboard/stores' : '/dashboard')}
            />
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
