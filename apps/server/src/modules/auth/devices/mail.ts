import { layoutMail } from '../../mail/templates.js';
import { networkLabel, type DeviceFacts } from './describe.js';

const romeTime = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'long', timeStyle: 'short' });

/** 'Nuovo accesso al tuo account': what signed in, from where and when; never a token. */
export function newDeviceMail(to: string, device: DeviceFacts, at: Date, devicesUrl: string) {
  return layoutMail({
    to,
    subject: 'Nuovo accesso al tuo account',
    lines: ['Qualcuno ha appena effettuato l’accesso al tuo account Vetrina da un dispositivo che non avevamo visto negli ultimi 90 giorni.'],
    rows: [
      ['Browser', device.browser],
      ['Sistema', device.system],
      ['Rete', networkLabel(device.ipPrefix)],
      ['Quando', `${romeTime.format(at)} (ora di Roma)`],
    ],
    after: [
      'Se sei stato tu, non devi fare nulla.',
      'Se non sei stato tu, cambia subito la password e, dalla pagina Dispositivi e sessioni, esci da tutti gli altri dispositivi.',
    ],
    action: { label: 'Dispositivi e sessioni', url: devicesUrl },
  });
}
