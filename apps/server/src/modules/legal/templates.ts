import { formatEuro, legalPagePath, type LegalPageKind, type PublicPaymentOption, type ShippingDestination } from '@vetrina/shared';
import { sellerAddressLine, type BusinessDetails } from '@vetrina/shared/business-settings';
import type { ReturnSettings } from '@vetrina/shared/returns';
import { escapeMarkdown as esc } from './markdown.js';
import { withdrawalText } from './withdrawal-text.js';

/** What the templates are filled with: the store's current details and settings. */
export interface TemplateData {
  storeName: string;
  storeSlug: string;
  business: Omit<BusinessDetails, 'updatedAt'>;
  payments: PublicPaymentOption[];
  shipping: ShippingDestination[];
  /** Impostazioni → Resi: the return address, who pays return shipping, the instructions. */
  returns: ReturnSettings;
}

/** Who sells: the company when known, else the store's name. */
const seller = (d: TemplateData) => esc(d.business.companyName || d.storeName);

const mailto = (address: string) => `[${esc(address)}](mailto:${address})`;

/** How a shopper reaches the seller in writing: e-mail, else PEC, else the store's contact form. */
function writeTo(d: TemplateData): string {
  const b = d.business;
  if (b.email && b.pec) return `un’e-mail a ${mailto(b.email)} (o una PEC a ${mailto(b.pec)})`;
  if (b.email) return `un’e-mail a ${mailto(b.email)}`;
  if (b.pec) return `una PEC a ${mailto(b.pec)}`;
  return 'un messaggio con il modulo di contatto di questo negozio';
}

/** The seller's identity, one fact per line, only the facts the merchant gave. */
function identity(d: TemplateData): string {
  const b = d.business;
  const lines = [`**${seller(d)}**`];
  const seat = sellerAddressLine(b);
  if (seat) lines.push(`Sede legale: ${esc(seat)}`);
  if (b.vatNumber) lines.push(`Partita IVA: ${b.vatNumber}`);
  if (b.taxCode && b.taxCode !== b.vatNumber) lines.push(`Codice fiscale: ${b.taxCode}`);
  if (b.pec) lines.push(`PEC: ${mailto(b.pec)}`);
  if (b.email) lines.push(`E-mail: ${mailto(b.email)}`);
  if (b.phone) lines.push(`Telefono: ${esc(b.phone)}`);
  return lines.join('  \n');
}

const link = (d: TemplateData, kind: LegalPageKind, text: string) => `[${text}](${legalPagePath(d.storeSlug, kind)})`;

function paymentList(d: TemplateData): string {
  if (!d.payments.length) return 'I metodi di pagamento disponibili sono indicati al checkout.';
  return d.payments.map((p) => `- **${esc(p.label)}**: ${esc(p.description)}`).join('\n');
}

/** One line per destination: cost, and the order total above which shipping is free. */
export function shippingCosts(d: TemplateData): string {
  const rows = d.shipping.map(
    (s) => `| ${esc(s.name)} | ${formatEuro(s.rateCents)} | ${s.freeAboveCents === null ? '—' : `per ordini da ${formatEuro(s.freeAboveCents)}`} |`,
  );
  return ['| Destinazione | Costo di spedizione | Spedizione gratuita |', '| --- | --- | --- |', ...rows].join('\n');
}

const guarantee = (d: TemplateData) =>
  `Tutti i prodotti sono coperti dalla garanzia legale di conformità prevista dagli artt. 128 e seguenti del Codice del Consumo, per i difetti che si manifestano entro **2 anni** dalla consegna. Se un prodotto è difettoso o non corrisponde a quanto ordinato, scrivici inviando ${writeTo(d)}: hai diritto alla riparazione o alla sostituzione senza spese e, quando non sono possibili, a una riduzione del prezzo o alla risoluzione del contratto.`;

function terms(d: TemplateData): string {
  return `Queste condizioni regolano gli acquisti sul negozio online **${esc(d.storeName)}**. Ti chiediamo di leggerle e di accettarle prima di confermare un ordine.

## 1. Chi vende

${identity(d)}

## 2. Ambito

Le vendite sono contratti a distanza regolati dal Codice del Consumo (D.Lgs. 206/2005) e dalla disciplina sul commercio elettronico (D.Lgs. 70/2003). Se acquisti come consumatore, nessuna clausola di queste condizioni limita i diritti che la legge ti riconosce.

## 3. Prodotti e prezzi

Le caratteristiche essenziali dei prodotti sono descritte nelle loro schede. I prezzi sono in euro e comprendono l’IVA. Le spese di spedizione e gli eventuali supplementi del metodo di pagamento sono indicati nel riepilogo dell’ordine prima della conferma.

## 4. Ordine e conclusione del contratto

Il contratto si conclude quando confermi l’ordine al checkout, dopo aver accettato queste condizioni. Ricevi subito un’e-mail con il riepilogo dell’ordine e il link per seguirne lo stato. Se un prodotto non fosse più disponibile ti avvisiamo e ti rimborsiamo quanto già pagato per quel prodotto.

## 5. Pagamento

${paymentList(d)}

## 6. Spedizione e consegna

Costi, destinazioni e tempi di consegna sono descritti nella pagina ${link(d, 'spedizioni-resi', 'Spedizioni e resi')}. Consegniamo entro 30 giorni dalla conclusione del contratto, salvo diverso accordo (art. 61 del Codice del Consumo).

## 7. Diritto di recesso

${withdrawalText(d)}

## 8. Garanzia legale di conformità

${guarantee(d)}

## 9. Dati personali

Trattiamo i tuoi dati come descritto nell’${link(d, 'privacy', 'informativa privacy')}.

## 10. Reclami e controversie

Per qualsiasi reclamo inviaci ${writeTo(d)}: ti rispondiamo al più presto. Puoi anche rivolgerti a un organismo di risoluzione alternativa delle controversie (ADR) previsto dagli artt. 141 e seguenti del Codice del Consumo.

## 11. Legge applicabile

Il contratto è regolato dalla legge italiana. Se sei un consumatore, per ogni controversia è competente il giudice del luogo in cui risiedi o hai domicilio.
`;
}

function privacy(d: TemplateData): string {
  const card = d.payments.some((p) => p.method === 'card');
  return `Questa informativa spiega come trattiamo i dati personali di chi acquista o ci scrive sul negozio online **${esc(d.storeName)}**, secondo il Regolamento (UE) 2016/679 (GDPR) e il D.Lgs. 196/2003.

## Titolare del trattamento

${identity(d)}

## Quali dati raccogliamo

- **Al checkout**: nome e cognome, indirizzo e-mail, telefono (facoltativo), indirizzo di spedizione, eventuali note, i prodotti ordinati e gli importi.
- **Quando ci scrivi** con il modulo di contatto o la chat: nome, indirizzo e-mail e il contenuto del messaggio.
${card ? '- **Pagamenti con carta**: sono gestiti da Stripe; non riceviamo né conserviamo i dati della tua carta.\n' : ''}
## Perché li usiamo e su quale base

- Per gestire l’ordine, la consegna, i resi e l’assistenza: è necessario per eseguire il contratto (art. 6.1.b GDPR).
- Per adempiere agli obblighi fiscali e contabili (art. 6.1.c GDPR).
- Per rispondere ai tuoi messaggi: su tua richiesta (art. 6.1.b GDPR).

Non usiamo i tuoi dati per inviarti pubblicità senza il tuo consenso e non li vendiamo a nessuno.

## A chi li comunichiamo

Solo a chi ci aiuta a servirti: il corriere che consegna l’ordine, la piattaforma che ospita il negozio${card ? ', Stripe per i pagamenti con carta' : ''} e i nostri consulenti fiscali, ciascuno per la sua parte e nei limiti previsti dalla legge.

## Per quanto tempo li conserviamo

I dati degli ordini e i documenti fiscali per 10 anni, come richiede la legge (art. 2220 del Codice civile). I messaggi per il tempo necessario a risponderti e a gestire la tua richiesta.

## I tuoi diritti

Puoi chiederci in ogni momento l’accesso ai tuoi dati, la rettifica, la cancellazione, la limitazione del trattamento, la portabilità e opporti al trattamento (artt. 15–22 GDPR), inviandoci ${writeTo(d)}. Hai anche il diritto di proporre reclamo al Garante per la protezione dei dati personali ([www.garanteprivacy.it](https://www.garanteprivacy.it)).

## Cookie

Il negozio usa solo strumenti tecnici necessari al suo funzionamento, come il carrello salvato nel tuo browser. Non usiamo cookie di profilazione.
`;
}

function shippingAndReturns(d: TemplateData): string {
  const pickup = d.payments.find((p) => p.method === 'pickup');
  return `## Dove spediamo e quanto costa

${shippingCosts(d)}

Il costo di spedizione dell’ordine è sempre indicato nel carrello e al checkout, prima della conferma.

## Tempi di consegna

Prepariamo il tuo ordine appena è confermato (con il bonifico bancario, appena riceviamo il pagamento) e ti avvisiamo via e-mail quando parte. Consegniamo comunque entro 30 giorni dall’ordine (art. 61 del Codice del Consumo).
${pickup ? `\n## Ritiro in negozio\n\n${esc(pickup.description)}\n` : ''}
## Resi e diritto di recesso

${withdrawalText(d)}

## Prodotti danneggiati o non conformi

Controlla il pacco alla consegna e, se è danneggiato, accettalo con riserva indicandolo al corriere. ${guarantee(d)} In questi casi le spese di restituzione sono a nostro carico.

Le condizioni complete di vendita sono nella pagina ${link(d, 'termini', 'Termini e condizioni')}.
`;
}

/** The page's Markdown as a new store gets it, filled with the store's current data. */
export function legalTemplate(kind: LegalPageKind, d: TemplateData): string {
  switch (kind) {
    case 'termini':
      return terms(d);
    case 'privacy':
      return privacy(d);
    case 'spedizioni-resi':
      return shippingAndReturns(d);
  }
}
