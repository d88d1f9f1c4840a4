import { banner, configOrExit, prepare, type Prepared, serve, type Serving } from './boot.ts';
import { createLogger } from './log.ts';

/** `npm start`: one process that prepares the database and serves (server/cluster.ts runs several). */
async function main() {
  const config = configOrExit();
  const log = createLogger(config.logLevel, undefined, { pid: process.pid });

  // Graceful shutdown: stop accepting, finish requests, close the database;
  // the embedded PostgreSQL stops last, once no request needs it. The handlers come before the
  // database starts (embedded.ts: ownSignals).
  let stopping = false;
  const state: { prepared?: Prepared; serving?: Serving } = {};
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    await state.serving?.stop();
    await state.prepared?.embedded?.stop();
    log.info('stopped');
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));

  const prepared = (state.prepared = await prepare(config, log));
  if (stopping) return;
  const serving = (state.serving = await serve(config, log, prepared));
  console.log(banner(config, serving.port, prepared.seed));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
