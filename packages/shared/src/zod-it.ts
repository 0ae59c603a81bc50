import { z } from 'zod';
import { pluralWord } from './plural.js';

/**
 * Italian defaults for every validation issue that a schema does not word itself,
 * so no English text ever reaches a user. Spec messages set on the schemas win.
 */
/** '1 carattere', '2 caratteri': a bound with its word (zod's bounds are numbers or bigints). */
const count = (n: number | bigint, one: string, other: string) => `${String(n)} ${pluralWord(Number(n), one, other)}`;

function fieldName(path: readonly PropertyKey[] | undefined): string {
  return path && path.length ? path.map(String).join('.') : '';
}

z.config({
  customError: (iss) => {
    const field = fieldName(iss.path);
    const label = field ? ` ${field}` : '';
    switch (iss.code) {
      case 'invalid_type':
        if (iss.input === undefined) return field ? `Il campo${label} è obbligatorio` : 'Il corpo della richiesta è mancante o non valido';
        return field ? `Valore non valido per il campo${label}` : 'Il corpo della richiesta è mancante o non valido';
      case 'too_big':
        return iss.origin === 'string'
          ? `Il campo${label} supera ${count(iss.maximum, 'carattere', 'caratteri')}`
          : iss.origin === 'array'
            ? `Il campo${label} può contenere al massimo ${count(iss.maximum, 'elemento', 'elementi')}`
            : `Il campo${label} deve essere al massimo ${String(iss.maximum)}`;
      case 'too_small':
        return iss.origin === 'string'
          ? `Il campo${label} deve contenere almeno ${count(iss.minimum, 'carattere', 'caratteri')}`
          : iss.origin === 'array'
            ? `Il campo${label} deve contenere almeno ${count(iss.minimum, 'elemento', 'elementi')}`
            : `Il campo${label} deve essere almeno ${String(iss.minimum)}`;
      case 'unrecognized_keys':
        return `Campo non previsto: ${iss.keys.join(', ')}`;
      case 'invalid_format':
        return `Formato non valido per il campo${label}`;
      case 'invalid_value':
        return `Valore non consentito per il campo${label}`;
      default:
        return `Valore non valido${field ? ` per il campo${label}` : ''}`;
    }
  },
});

export { z };
