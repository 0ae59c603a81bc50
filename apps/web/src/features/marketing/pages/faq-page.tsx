import { Link } from 'react-router';
import { Mail } from 'lucide-react';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { buttonClasses } from '@/components/ui/button';
import { faqGroups } from '../faq-items';

export default function FaqPage() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-16 sm:py-20">
      <title>Domande frequenti · Vetrina</title>
      <header className="text-center">
        <p className="text-sm font-semibold text-violet-700">FAQ</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Domande frequenti</h1>
        <p className="mt-4 text-muted-foreground text-pretty">
          Prezzi, commissioni, migrazione e assistenza: le risposte alle domande che ci fanno più spesso.
        </p>
      </header>

      {faqGroups.map((group) => (
        <section key={group.id} aria-labelledby={`faq-${group.id}`} className="mt-12">
          <h2 id={`faq-${group.id}`} className="text-lg font-semibold">
            {group.title}
          </h2>
          <Accordion type="single" collapsible className="mt-2 border-t">
            {group.items.map((item) => (
              <AccordionItem key={item.id} value={item.id}>
                <AccordionTrigger className="rounded-sm text-base">{item.question}</AccordionTrigger>
                <AccordionContent className="text-base leading-relaxed text-zinc-600">{item.answer}</AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        </section>
      ))}

      <section aria-labelledby="faq-contact" className="mt-16 rounded-lg border bg-card p-6 text-center shadow-sm sm:p-8">
        <h2 id="faq-contact" className="text-lg font-semibold">
          Non hai trovato la risposta?
        </h2>
        <p className="mt-2 text-sm text-muted-foreground">Scrivici: rispondiamo in media in 2 minuti.</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <a href="mailto:ciao@vetrina.example" className={buttonClasses('outline')}>
            <Mail aria-hidden />
            ciao@vetrina.example
          </a>
          <Link to="/register" className={buttonClasses()}>
            Inizia gratis
          </Link>
        </div>
      </section>
    </main>
  );
}
