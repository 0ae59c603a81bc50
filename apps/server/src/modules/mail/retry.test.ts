import { describe, expect, it } from 'vitest';
import { MAIL_RETRY, describeSendError, isPermanentRefusal, retryDelayMs } from './retry.js';

describe('mail retries', () => {
  it('wait one second first, then twice as long each time, up to ten minutes', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(retryDelayMs(10)).toBe(512_000);
    expect(retryDelayMs(11)).toBe(600_000);
    expect(retryDelayMs(MAIL_RETRY.maxAttempts)).toBe(600_000);
  });

  it('give up after about a day of failures, not sooner', () => {
    let waited = 0;
    for (let a = 1; a < MAIL_RETRY.maxAttempts; a++) waited += retryDelayMs(a);
    expect(waited / 3_600_000).toBeGreaterThan(20);
    expect(waited / 3_600_000).toBeLessThan(30);
  });

  it('describe an SMTP failure by its codes, never by the reply text (it can name the address)', () => {
    const err = Object.assign(new Error("Can't send mail: 550 5.1.1 <mario.rossi@example.it> unknown"), {
      code: 'EENVELOPE',
      responseCode: 550,
      command: 'RCPT TO',
      response: '550 5.1.1 <mario.rossi@example.it> unknown',
    });
    expect(describeSendError(err)).toBe('EENVELOPE 550 RCPT TO');
    expect(describeSendError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ESOCKET' }))).toBe('ESOCKET');
    expect(describeSendError(new TypeError('boom'))).toBe('TypeError');
  });

  it('stop only when the server refuses the recipient for good', () => {
    expect(isPermanentRefusal({ code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO' })).toBe(true);
    expect(isPermanentRefusal({ code: 'EENVELOPE', responseCode: 450, command: 'RCPT TO' })).toBe(false);
    expect(isPermanentRefusal({ code: 'EENVELOPE', responseCode: 554, command: 'MAIL FROM' })).toBe(false);
    expect(isPermanentRefusal({ code: 'ECONNECTION' })).toBe(false);
  });
});
