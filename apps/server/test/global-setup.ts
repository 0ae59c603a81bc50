import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { publicRendererFile } from '../src/paths.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const web = path.join(root, 'apps/web');
const output = publicRendererFile();

function newest(dir: string): number {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return latest;
}

/**
 * The integration tests serve the real pages (server rendering, dashboard app): the web app is
 * built first when its build is missing or older than its sources.
 */
export default function setup() {
  const stale = () => {
    const sources = [path.join(web, 'src'), path.join(root, 'packages/shared/src'), path.join(web, 'public')];
    const configs = ['vite.config.ts', 'vite.public.config.ts', 'public.html', 'index.html', 'package.json'].map((f) => fs.statSync(path.join(web, f)).mtimeMs);
    const changed = Math.max(...sources.map(newest), ...configs);
    return !fs.existsSync(output) || fs.statSync(output).mtimeMs < changed;
  };
  if (!stale()) return;
  // Several test runs started at once build one at a time (a lock folder; a lock older than ten
  // minutes is a crashed run's and is taken over).
  const lock = path.join(web, '.build-lock');
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 10 * 60_000) fs.rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    // Vitest runs with NODE_ENV=test, under which Vite compiles JSX for development (jsxDEV with
    // this machine's file paths, 2 KB more per page): the pages tested are the production build.
    if (stale())
      execFileSync('npm', ['run', 'build', '--workspace', '@vetrina/web'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
