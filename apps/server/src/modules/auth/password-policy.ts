import { msg } from '@vetrina/shared';
import { badRequest } from '../../lib/errors.js';

/**
 * Refuses passwords an attacker would try first: the common-password lists, Italian words, names
 * and surnames, keyboard walks, repeats and dates, alone or lightly decorated ('Password1!',
 * 'juventus1', 'napoli1926'). zxcvbn's score 0–1 means fewer than a million guesses.
 */
const MIN_SCORE = 2;
/** zxcvbn's cost grows with length; anything longer than this is not among the common ones. */
const CHECKED_CHARS = 64;

/**
 * The dictionaries (~10 MB of memory) are loaded the first time a password is checked, not at
 * start: most requests never set a password.
 */
let checker: Promise<(password: string, context: string[]) => number> | null = null;
function loadChecker() {
  checker ??= (async () => {
    const [{ zxcvbn, zxcvbnOptions }, common, italian] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-it'),
    ]);
    zxcvbnOptions.setOptions({
      translations: italian.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...italian.dictionary },
    });
    return (password: string, context: string[]) => zxcvbn(password, context).score;
  })();
  return checker;
}

/** True when the password is too easy to guess; `context` holds words of this account (the e-mail). */
export async function isWeakPassword(password: string, context: string[] = []): Promise<boolean> {
  const score = await loadChecker();
  return score(password.slice(0, CHECKED_CHARS), [...context, 'vetrina']) < MIN_SCORE;
}

/** Throws the Italian validation error for a password that is too easy to guess. */
export async function assertStrongPassword(password: string, email?: string): Promise<void> {
  const context = email ? [email, ...email.split('@')[0]!.split(/[._+-]/)] : [];
  if (await isWeakPassword(password, context)) throw badRequest(msg.passwordTooCommon, 'password');
}
