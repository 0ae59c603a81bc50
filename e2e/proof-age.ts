import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { expect } from './fixtures';

/**
 * Ages an account's proof of identity to six minutes ago, in the run's SQLite file: the e2e server
 * has no clock to move, and no production setting may shorten the five-minute window.
 */
export function ageProof(account: { userId: string } | { email: string }) {
  const dbFile = path.join(process.env.E2E_DATA_DIR ?? '', 'vetrina.db');
  // The e2e server always runs on SQLite in this folder: its absence is a broken setup, not a reason to skip.
  expect(fs.existsSync(dbFile), `e2e database at ${dbFile}`).toBe(true);
  const db = new SQLite(dbFile);
  try {
    const sixMinutesAgo = new Date(Date.now() - 6 * 60_000).toISOString();
    const changed =
      'userId' in account
        ? db.prepare('update sessions set proved_at = ? where user_id = ?').run(sixMinutesAgo, account.userId)
        : db.prepare('update sessions set proved_at = ? where user_id = (select id from auth_users where email = ?)').run(sixMinutesAgo, account.email);
    expect(changed.changes).toBeGreaterThan(0);
  } finally {
    db.close();
  }
}
