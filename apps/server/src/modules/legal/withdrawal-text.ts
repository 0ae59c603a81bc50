import { WITHDRAWAL_DAYS, WITHDRAWAL_EXCLUSION_LABELS, type ReturnSettings } from '@vetrina/shared/returns';
import { sellerAddressLine, type BusinessDetails } from '@vetrina/shared/business-settings';
import { escapeMarkdown as esc } from './markdown.js';

/** What the withdrawal text needs: the seller's seat (the fallback return address) and Impostazioni → Resi. */
export interface WithdrawalTextData {
  business: Omit<BusinessDetails, 'updatedAt'>;
  returns: ReturnSettings;
}

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** Where the goods go back: the address of Impostazioni → Resi, else the seller's seat. */
function returnAddress(d: WithdrawalTextData): string {
  const address = lines(d.returns.address).join(', ') || sellerAddressLine(d.business);
  return address ? `a questo indirizzo: **${esc(address)}**` : 'all’indirizzo indicato nell’e-mail di conferma del recesso';
}

const returnShipping = (d: WithdrawalTextData) =>
  d.returns.returnShippingPaidBy === 'store' ? 'Le spese di restituzione sono a nostro carico.' : 'Le spese dirette di restituzione sono a tuo carico.';

function instructions(d: WithdrawalTextData): string {
  const given = lines(d.returns.instructions);
  return given.length ? `\n\n**Istruzioni per il reso**  \n${given.map(esc).join('  \n')}` : '';
}

const excludedExample = WITHDRAWAL_EXCLUSION_LABELS.perishable;

/**
 * The withdrawal section of 'Termini e condizioni' and 'Spedizioni e resi': where the withdrawal
 * function is (art. 54-bis Codice del Consumo), its two steps and the acknowledgment, the exclusions,
 * and the return address and shipping from Impostazioni → Resi.
 */
export const withdrawalText = (
  d: WithdrawalTextData,
) => `Se acquisti come consumatore hai diritto di recedere dal contratto, senza indicarne le ragioni e senza penali, entro **${WITHDRAWAL_DAYS} giorni** dal giorno in cui tu, o una persona da te indicata diversa dal corriere, ricevi i prodotti (artt. 52–59 del Codice del Consumo, D.Lgs. 206/2005). Se un ordine arriva in più consegne, i ${WITHDRAWAL_DAYS} giorni decorrono dalla consegna dell’ultimo prodotto.

### Come recedere

Per recedere usa il link **«Recedi dal contratto»**: lo trovi in fondo a ogni pagina del negozio, nella pagina del tuo ordine (quella che ti abbiamo indicato nell’e-mail di conferma) e nelle e-mail dell’ordine. Non serve un account. Puoi recedere dal momento dell’ordine, anche prima della consegna, fino a ${WITHDRAWAL_DAYS} giorni dalla consegna.

1. **Primo passaggio**: indica nome, e-mail e numero dell’ordine (già compilati se parti dalla pagina dell’ordine), scegli se recedere dall’intero ordine o solo da alcuni prodotti e quantità, aggiungi se vuoi un motivo e premi «Continua». Se hai pagato con bonifico, in contrassegno o al ritiro ti chiediamo anche l’IBAN su cui rimborsarti.
2. **Secondo passaggio**: controlla il riepilogo e premi **«Conferma il recesso»**.

Ricevi subito un’e-mail, «Abbiamo ricevuto il tuo recesso», con i prodotti per cui hai esercitato il recesso, il numero dell’ordine, la data e l’ora del recesso e le istruzioni per la restituzione: è la conferma che il recesso è stato registrato. Resta valida anche ogni altra tua dichiarazione esplicita di recedere, per esempio con il modulo tipo dell’allegato I, parte B, del Codice del Consumo.

### Restituzione e rimborso

Restituisci i prodotti entro ${WITHDRAWAL_DAYS} giorni dalla comunicazione del recesso, integri e con la confezione originale, ${returnAddress(d)}. ${returnShipping(d)}${instructions(d)}

Ti rimborsiamo tutti i pagamenti ricevuti per i prodotti restituiti, comprese le spese di consegna standard quando recedi dall’intero ordine, entro ${WITHDRAWAL_DAYS} giorni dal giorno in cui siamo informati del recesso, con lo stesso mezzo di pagamento che hai usato (salvo diverso accordo e senza costi per te). Possiamo sospendere il rimborso finché non riceviamo i prodotti o la prova che li hai spediti.

### Prodotti esclusi

Il recesso è escluso, come prevede l’art. 59 del Codice del Consumo, per i prodotti confezionati su misura o personalizzati, per quelli che rischiano di deteriorarsi rapidamente e per quelli sigillati che non si prestano a essere restituiti per motivi igienici o di protezione della salute e sono stati aperti dopo la consegna. Questi prodotti lo indicano nella loro scheda, con il motivo (per esempio «${excludedExample}»), e nel modulo di recesso non si possono scegliere.`;
