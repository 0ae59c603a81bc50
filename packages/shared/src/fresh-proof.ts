/**
 * The words of 'Conferma la tua identità' in the web app (issue 49, point 4): the dialog the API
 * client opens when a change answers 403 'reauth_required'. No zod here: the API client that
 * loads it is part of every page.
 */
export const freshProofMsg = {
  title: 'Conferma la tua identità',
  passwordIntro: 'Per questa modifica inserisci di nuovo la password del tuo account: la conferma vale cinque minuti.',
  codeIntro: "Apri l'app di autenticazione e inserisci il codice di 6 cifre, oppure uno dei codici di recupero.",
  passwordLabel: 'Password',
  codeLabel: 'Codice di verifica',
  useCode: 'Usa un codice di verifica',
  usePassword: 'Usa la password',
  usePasskey: 'Usa una passkey',
  confirm: 'Conferma',
  busy: 'Verifica in corso...',
  cancel: 'Annulla',
  /** The change the dialog was for, when it is closed without a proof: the form keeps what was typed. */
  cancelled: 'Modifica non salvata: serve la conferma della tua identità. I dati inseriti sono ancora nel modulo, puoi riprovare.',
  failed: 'Impossibile confermare la tua identità. Riprova.',
} as const;
