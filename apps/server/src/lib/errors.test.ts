import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES, isErrorCode } from '@vetrina/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';

const serverSrc = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [p] : [];
  });
}

/**
 * The codes written as literals where the server makes an error: AppError, the error handler's and
 * the time limits' bodies, error bodies sent by hand, the real-time socket's error frames.
 */
const PRODUCERS = [
  /new AppError\(\s*[^,]+,\s*'([a-z_]+)'/g,
  /\b(?:body|errorBody|fail|endSession)\(\s*'([a-z_]+)'/g,
  /\berror: \{ code: '([a-z_]+)'/g,
  /type: 'error', code: '([a-z_]+)'/g,
];

function codesInServer() {
  const found = new Map<string, string>();
  for (const file of sources(serverSrc)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const re of PRODUCERS) for (const m of text.matchAll(re)) found.set(m[1]!, path.relative(serverSrc, file));
  }
  return found;
}

describe('error codes', () => {
  it('lists each code once', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it('refuses, at typecheck, a code not in the shared list', () => {
    // The real guard is the compiler: AppError, the error handler, the time limits and the socket
    // take an ErrorCode, so `npx tsc -p apps/server` fails on any code missing from ERROR_CODES.
    // @ts-expect-error 'not_a_code' is not an ErrorCode
    const e = new AppError(400, 'not_a_code', 'x');
    expect(isErrorCode(e.code)).toBe(false);
  });

  it('lists every code the server sends, and sends every code it lists', () => {
    // A second check beside the compiler, over the source text (it also sees bodies written by hand).
    const found = codesInServer();
    const unlisted = [...found].filter(([code]) => !isErrorCode(code));
    expect(unlisted).toEqual([]);
    expect(ERROR_CODES.filter((code) => !found.has(code))).toEqual([]);
  });
});
