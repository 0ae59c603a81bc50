import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

/** Placeholder until the store wizard lands (stores issue). */
export default function OnboardingPage() {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-20 text-center">
      <h1 className="text-2xl font-bold">Crea il tuo primo store</h1>
      <p className="text-muted-foreground">La creazione guidata dello store arriva a breve. Intanto puoi esplorare la dashboard.</p>
      <Link to="/dashboard" className={buttonClasses()}>Vai alla dashboard</Link>
    </main>
  );
}
