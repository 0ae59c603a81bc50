import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { APP_PORT, BASE_URL, MAIL_HTTP_PORT, SMTP_PORT } from './ports';

const root = fileURLToPath(new URL('..', import.meta.url));
// One fresh data folder per run (workers inherit it through the environment), and a private copy
// of the built web app, so a rebuild during the run cannot change the pages under test.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'vetrina-e2e-'));
  process.env.E2E_WEB_DIST = path.join(process.env.E2E_DATA_DIR, 'web');
  fs.cpSync(path.join(root, 'apps/web/dist'), process.env.E2E_WEB_DIST, { recursive: true });
}

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  forbidOnly: true,
  use: {
    baseURL: BASE_URL,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  outputDir: path.join(root, 'test-results'),
  webServer: [
    {
      command: 'npx tsx e2e/mail-catcher.ts',
      cwd: root,
      url: `http://127.0.0.1:${MAIL_HTTP_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The production runtime: the compiled server that npm start runs (npm run test:e2e builds it).
      command: 'node --enable-source-maps apps/server/dist/main.js',
      cwd: root,
      url: `${BASE_URL}/api/docs/json`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(APP_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        WEB_DIST: process.env.E2E_WEB_DIST ?? '',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        PUBLIC_URL: BASE_URL,
        // A passkey's relying party must be a host name, not 127.0.0.1: passkeys.spec.ts uses localhost.
        WEBAUTHN_RP_ID: 'localhost',
        WEBAUTHN_ORIGINS: `http://localhost:${APP_PORT}`,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        // Every spec signs up from 127.0.0.1; the per-IP sign-up limit has its own integration test.
        SIGNUP_RATE_LIMIT: '0',
      },
    },
  ],
});
