export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

export interface FaqGroup {
  id: string;
  title: string;
  items: FaqItem[];
}

/** The spec asks for exactly eight questions; they are grouped only to keep the page easy to scan. */
export const faqGroups: FaqGroup[] = [
  {
    id: 'prezzi',
    title: 'Prezzi e abbonamento',
    items: [
      {
        id: 'costo',
        question: 'Quanto costa Vetrina?',
        answer:
          'Il piano Starter costa 29 € al mese, il piano Professional 79 € al mese, mentre il piano Enterprise ha un prezzo su misura. Con la fatturazione annuale risparmi il 20% su Starter e Professional.',
      },
      {
        id: 'commissioni',
        question: 'Trattenete commissioni sulle vendite?',
        answer:
          'No. Su tutti i piani le commissioni di Vetrina sulle transazioni sono dello 0%: paghi solo l’abbonamento. Restano a tuo carico unicamente le eventuali tariffe del fornitore di pagamenti che scegli.',
      },
      {
        id: 'carta',
        question: 'Serve una carta di credito per iniziare?',
        answer:
          'No, per creare il tuo store non chiediamo alcuna carta. Con l’offerta di lancio hai 3 mesi al prezzo di 2, e il piano Professional include una prova gratuita di 14 giorni.',
      },
      {
        id: 'rimborso',
        question: 'E se Vetrina non fa per me?',
        answer: 'Puoi disdire quando vuoi. Se cambi idea entro 30 giorni dal primo pagamento ti rimborsiamo l’intero importo, senza domande.',
      },
    ],
  },
  {
    id: 'negozio',
    title: 'Negozio e assistenza',
    items: [
      {
        id: 'piu-store',
        question: 'Posso gestire più negozi con lo stesso account?',
        answer:
          'Sì. Starter include 1 store, Professional 3 store e Enterprise store illimitati. Passi da un negozio all’altro dal menu in alto, senza dover uscire e rientrare.',
      },
      {
        id: 'dominio',
        question: 'Posso usare un mio dominio?',
        answer:
          'Sì, i domini personalizzati sono inclusi in tutti i piani. Ogni store ha comunque un indirizzo pubblico pronto da condividere fin dal primo giorno.',
      },
      {
        id: 'migrazione',
        question: 'Come funziona il passaggio da un’altra piattaforma?',
        answer:
          'La migrazione assistita è gratuita: il nostro team ti aiuta a trasferire prodotti, categorie e immagini e controlla con te che tutto sia al suo posto prima di andare online.',
      },
      {
        id: 'assistenza',
        question: 'Che tipo di assistenza offrite?',
        answer:
          'Il supporto è attivo 24 ore su 24, 7 giorni su 7, con un tempo medio di prima risposta di 2 minuti. Nei giorni feriali, dalle 9 alle 18, trovi anche la chat dal vivo con il nostro team.',
      },
    ],
  },
];
