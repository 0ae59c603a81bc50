import { Check, X } from 'lucide-react';
import { SectionHeading } from '../section-heading';

type Cell = boolean | string;
const columns = ['Vetrina', 'Concorrente A', 'Concorrente B'] as const;
const rows: { feature: string; values: [Cell, Cell, Cell] }[] = [
  { feature: 'Prezzo del piano base', values: ['29 €/mese', '39 €/mese', '32 €/mese'] },
  { feature: 'Commissioni sulle transazioni', values: ['0%', '2%', '1,5%'] },
  { feature: 'Più store con un solo account', values: [true, false, 'Solo piani avanzati'] },
  { feature: 'Dominio personalizzato', values: [true, 'A pagamento', true] },
  { feature: 'Migrazione assistita gratuita', values: [true, false, false] },
  { feature: 'Backup giornalieri', values: [true, 'Settimanali', true] },
  { feature: 'Assistenza in italiano', values: ['Risposta in 2 minuti', 'Solo email', false] },
  { feature: 'Caricamento medio delle pagine', values: ['0,8 s', '2,1 s', '1,7 s'] },
];

function CellValue({ value }: { value: Cell }) {
  if (value === true)
    return (
      <>
        <Check aria-hidden className="mx-auto size-5 text-emerald-600" />
        <span className="sr-only">Incluso</span>
      </>
    );
  if (value === false)
    return (
      <>
        <X aria-hidden className="mx-auto size-5 text-zinc-400" />
        <span className="sr-only">Non incluso</span>
      </>
    );
  return <>{value}</>;
}

export function ComparisonSection() {
  return (
    <section aria-labelledby="comparison-title" className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
      <SectionHeading
        id="comparison-title"
        eyebrow="Confronto"
        title="Più incluso nel prezzo, meno sorprese in fattura"
        description="Abbiamo messo a confronto Vetrina con due piattaforme e-commerce molto diffuse in Italia, sui rispettivi piani base."
      />
      {/* Focusable so keyboard users can scroll it on phones; a label of its own, not the section's again. */}
      <div role="region" aria-label="Tabella di confronto" tabIndex={0} className="relative mt-10 overflow-x-auto rounded-lg border">
        <table className="w-full min-w-[540px] text-sm">
          <caption className="sr-only">Confronto tra Vetrina, Concorrente A e Concorrente B</caption>
          <thead>
            <tr className="border-b bg-muted/40">
              <th scope="col" className="sticky left-0 bg-zinc-50 px-4 py-3 text-left font-medium text-zinc-600">
                Funzionalità
              </th>
              {columns.map((name, i) => (
                <th key={name} scope="col" className={i === 0 ? 'bg-accent px-4 py-3 font-semibold text-accent-foreground' : 'px-4 py-3 font-medium'}>
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {rows.map((row) => (
              <tr key={row.feature}>
                <th scope="row" className="sticky left-0 bg-card px-4 py-3 text-left font-medium">
                  {row.feature}
                </th>
                {row.values.map((value, i) => (
                  <td key={columns[i]} className={i === 0 ? 'bg-accent/60 px-4 py-3 text-center font-medium' : 'px-4 py-3 text-center text-zinc-600'}>
                    <CellValue value={value} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-3 text-xs text-muted-foreground">
        <span className="sm:hidden">Scorri la tabella in orizzontale per vedere tutte le colonne. </span>
        Valori indicativi riferiti ai piani base di due piattaforme concorrenti, di cui omettiamo il nome.
      </p>
    </section>
  );
}
