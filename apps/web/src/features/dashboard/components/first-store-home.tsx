import { Link } from 'react-router';
import { Package, Palette, Plus, Rocket } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const STEPS = [
  { icon: Palette, title: 'Personalizza', text: 'Scegli nome, logo, colori e tema: il tuo store avrà subito il tuo stile.' },
  { icon: Package, title: 'Gestisci i prodotti', text: 'Aggiungi prodotti, varianti e categorie e tieni sotto controllo le scorte.' },
  { icon: Rocket, title: 'Inizia a vendere', text: 'Condividi il link del tuo store e ricevi ordini e messaggi dai clienti.' },
];

export function FirstStoreHome({ email }: { email: string }) {
  return (
    <div className="grid gap-8">
      <section className="rounded-xl border bg-background p-6 text-center sm:p-10">
        <h1 className="text-2xl font-bold sm:text-3xl">Benvenuto su Vetrina!</h1>
        <p className="mx-auto mt-2 max-w-xl text-muted-foreground">
          Ciao {email}, non hai ancora uno store. Crealo in pochi passaggi e inizia a vendere online.
        </p>
        <Link to="/onboarding" className={buttonClasses('default', 'lg', 'mt-6')}>
          <Plus aria-hidden /> Crea il tuo primo store
        </Link>
      </section>
      <div className="grid gap-4 md:grid-cols-3">
        {STEPS.map(({ icon: Icon, title, text }) => (
          <Card key={title}>
            <CardHeader>
              <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <Icon className="size-5" aria-hidden />
              </span>
              <CardTitle className="text-lg">{title}</CardTitle>
              <CardDescription>{text}</CardDescription>
            </CardHeader>
          </Card>
        ))}
      </div>
    </div>
  );
}
