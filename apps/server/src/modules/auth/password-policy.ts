import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as italian from '@zxcvbn-ts/language-it';
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

let ready = false;
function setUp() {
  if (ready) return;
  zxcvbnOptions.setOptions({
    translations: italian.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...italian.dictionary },
  });
  ready = true;
}

/** True when the password is too easy to guess; `context` holds words of this account (the e-mail). */
export function isWeakPassword(password: string, context: string[] = []): boolean {
  setUp();
  return zxcvbn(password.slice(0, CHECKED_CHARS), [...context, 'vetrina']).score < MIN_SCORE;
}

/** Throws the Italian validation error for a password that is too easy to guess. */
export function assertStrongPassword(password: string, email?: string): void {
  const context = email ? [email, ...email.split('@')[0]!.split(/[._+-]/)] : [];
  if (isWeakPassword(password, context)) throw badRequest(msg.passwordTooCommon, 'password');
}
