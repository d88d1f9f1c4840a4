import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * Start-up time of the server from source (tsx) against its bundle (`npm start`, dist/server), as
 * README "Production start" reports it: process start → GET /healthz answers 200, RUNS times each,
 * interleaved, each process stopped (SIGTERM) before the next starts. Uses the environment as the
 * server does (DATA_DIR, DATABASE_URL, …); run it on a database that is already migrated and
 * seeded (start the app once first), so only the start itself is measured:
 *
 *   npm run build && DATA_DIR=./data npx tsx scripts/startup-time.ts [RUNS]
 */
const RUNS = Number(process.argv[2]) || 3;
const MODES = {
  tsx: ['--import', 'tsx', 'server/main.ts'],
  bundle: ['--enable-source-maps', 'dist/server/main.js'],
} as const;

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const addr = srv.address();
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return typeof addr === 'object' && addr ? addr.port : 0;
}

async function startOnce(args: readonly string[]): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED: 'none' }, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let dead = false;
  void exited.then(() => (dead = true));
  try {
    for (;;) {
      if (dead) throw new Error(`${args.join(' ')} exited before it answered`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1_000) }).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

if (!existsSync(path.resolve('dist/server/main.js'))) throw new Error('no dist/server/main.js: run `npm run build` first');
const times: Record<string, number[]> = { tsx: [], bundle: [] };
for (let i = 0; i < RUNS; i++) for (const [mode, args] of Object.entries(MODES)) times[mode]!.push(await startOnce(args));
for (const [mode, t] of Object.entries(times)) {
  const sorted = [...t].sort((a, b) => a - b);
  console.log(`${mode.padEnd(7)} ${sorted.map((ms) => `${Math.round(ms)} ms`).join(', ')} (median ${Math.round(sorted[Math.floor(sorted.length / 2)]!)} ms)`);
}
