import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The artefact operators run, for the tests that need a real process: the compiled server
 * (apps/server/dist/main.js, with the CSV import's worker beside it) as a child process.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const serverDist = path.join(root, 'apps/server/dist/main.js');
const buildScript = path.join(root, 'apps/server/scripts/build.mjs');
const children: ChildProcess[] = [];

function newest(p: string): number {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(p).map((name) => newest(path.join(p, name))));
}

/** The compiled server is rebuilt when missing or older than its sources (~0.2 s). */
export function buildServerIfStale(): void {
  const sources = Math.max(newest(path.join(root, 'apps/server/src')), newest(path.join(root, 'packages/shared/src')), newest(buildScript));
  if (!fs.existsSync(serverDist) || fs.statSync(serverDist).mtimeMs < sources) execFileSync(process.execPath, [buildScript], { cwd: root, stdio: 'inherit' });
}

/** Kills every server these helpers started that is still running: a failed assertion must not leave one behind. */
export function killCompiledServers(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/**
 * The Node flags and environment of `npm run serve` (the root package.json), so a test runs the
 * server with the bounded heap production has.
 */
export function serveScriptFlags(): { nodeFlags: string[]; env: Record<string, string> } {
  const script: string = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.serve;
  const words = script.split(/\s+/);
  const env = Object.fromEntries(words.filter((w) => /^[A-Z_]+=/.test(w)).map((w) => w.split('=') as [string, string]));
  return { nodeFlags: words.filter((w) => w.startsWith('--')), env };
}

export interface RunningServer {
  proc: ChildProcess;
  url: string;
  dataDir: string;
  exited: Promise<[number | null, NodeJS.Signals | null]>;
  /** Log lines at error level or above and anything written to stderr (crashes), for the failure messages. */
  errors: string[];
}

/** Starts `node apps/server/dist/main.js` as an operator would, on a free port, and waits until it listens. */
export async function startCompiledServer(
  dataDir: string,
  env: Record<string, string> = {},
  nodeFlags: string[] = ['--enable-source-maps'],
): Promise<RunningServer> {
  const proc = spawn(process.execPath, [...nodeFlags, serverDist], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ORDER_RATE_LIMIT: '0',
      ORDER_EMAIL_RATE_LIMIT: '0',
      UNCONFIRMED_ORDERS_PER_EMAIL: '0',
      SIGNUP_RATE_LIMIT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(proc);
  const exited = once(proc, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  const errors: string[] = [];
  proc.stderr!.on('data', (d: Buffer) => errors.push(d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let pending = '';
    proc.stdout!.on('data', (d: Buffer) => {
      pending += d.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
        if (listening) resolve(listening[1]!);
        if (/"level":(5|6)\d/.test(line)) errors.push(line);
      }
    });
    void exited.then(([code]) => reject(new Error(`the server exited (${code}) before listening: ${errors.join('')}`)));
  });
  return { proc, url, dataDir, exited, errors };
}
