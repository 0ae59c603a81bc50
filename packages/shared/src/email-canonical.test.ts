import { describe, expect, it } from 'vitest';
import { canonicalEmail } from './email-canonical.js';

describe('canonicalEmail', () => {
  it('lower-cases and trims', () => {
    expect(canonicalEmail('  Maria.Rossi@Example.IT ')).toBe('maria.rossi@example.it');
  });

  it('drops a +tag from the local part, on any domain', () => {
    expect(canonicalEmail('maria+negozio@example.it')).toBe('maria@example.it');
    expect(canonicalEmail('maria+a+b@libero.it')).toBe('maria@libero.it');
  });

  it('drops dots for Gmail only, and treats googlemail.com as gmail.com', () => {
    expect(canonicalEmail('M.a.R.i.A+x@GoogleMail.com')).toBe('maria@gmail.com');
    expect(canonicalEmail('ma.ria@gmail.com')).toBe('maria@gmail.com');
    expect(canonicalEmail('ma.ria@example.it')).toBe('ma.ria@example.it');
  });

  it('tells different mailboxes apart', () => {
    expect(canonicalEmail('maria@example.it')).not.toBe(canonicalEmail('mario@example.it'));
    expect(canonicalEmail('maria@gmail.com')).not.toBe(canonicalEmail('maria@example.it'));
  });

  it('keeps what it cannot split as it is (lower case)', () => {
    expect(canonicalEmail('+tag@example.it')).toBe('+tag@example.it');
    expect(canonicalEmail('NoAt')).toBe('noat');
  });
});
