/**
 * One worker of a running cluster stops on its own — SIGTERM sent to it alone, as an orchestrator
 * or a fatal error would end it — while requests keep coming on fresh connections: the primary
 * stops handing it connections at once, it answers what it holds and exits within the statement
 * limit, every request meanwhile is answered (by it or by the other worker) within that limit, and
 * the primary starts a replacement (docs/operations.md "Several processes behind one port"). And
 * a worker that freezes and is then killed: the connections handed to it, which it never took, go
 * to the other worker.
 */
import { afterAll, beforeAll, expect, it, onTestFailed } from 'vitest';
import { redisOrSkip } from '../helpers/redis.ts';
import { answeringWorkers, getFresh, nodeChildPids, processGround, replacementAnswers, startCluster, type ProcessGround, type ServerProcess } from '../helpers/server-process.ts';
import { until, within } from '../helpers/wait.ts';

const redis = await redisOrSkip();
const STATEMENT_MS = 5_000;

redis.describe('a cluster worker that stops on its own', () => {
  let ground: ProcessGround;
  let cluster: ServerProcess;

  beforeAll(async () => {
    ground = await processGround('worker-exit');
    cluster = await startCluster(ground, 'exit', { DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_MS) });
  }, 90_000);
  afterAll(async () => {
    await cluster?.kill();
    await ground?.remove();
  });

  it('leaves the rotation at once, answers what it holds, exits within the limit and is replaced; no request fails or waits past the limit', async () => {
    onTestFailed(() => console.log(`--- output of the cluster:\n${cluster.output()}`));
    const before = await answeringWorkers(cluster.url);
    const [victim] = await nodeChildPids(cluster.child.pid!);
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    // Four clients asking for pages one after another on fresh connections, without a pause.
    const results: { ok: boolean; status?: number; error?: string; ms: number }[] = [];
    let running = true;
    const client = async () => {
      while (running) {
        const start = Date.now();
        try {
          const r = await getFresh(`${cluster.url}/daily`);
          results.push({ ok: r.status === 200, status: r.status, ms: Date.now() - start });
        } catch (err) {
          results.push({ ok: false, error: (err as Error).message, ms: Date.now() - start });
        }
      }
    };
    const clients = [client(), client(), client(), client()];
    await until(() => results.length >= 8, 'the clients are under way', 20_000);

    const signalled = Date.now();
    process.kill(victim!, 'SIGTERM');
    await until(() => !alive(victim!), 'the worker exits', 20_000);
    const exitMs = Date.now() - signalled;
    // A little more traffic after it has gone, then stop.
    const count = results.length;
    await until(() => results.length >= count + 8, 'requests after the exit', 20_000);
    running = false;
    await Promise.all(clients);

    expect(exitMs).toBeLessThan(STATEMENT_MS);
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(Math.max(...results.map((r) => r.ms))).toBeLessThan(STATEMENT_MS);

    // A replacement with a new number answers beside the survivor.
    await replacementAnswers(cluster.url, before);
  });

  it('a worker that freezes and is killed: the requests handed to it, never taken, are answered by another worker', async () => {
    onTestFailed(() => console.log(`--- output of the cluster:\n${cluster.output()}`));
    const [frozen] = await nodeChildPids(cluster.child.pid!);
    process.kill(frozen!, 'SIGSTOP');
    try {
      // Handed in turn to both workers: the frozen one's never answer while it is frozen.
      const answers: ({ status: number } | null)[] = Array.from({ length: 6 }, () => null);
      const requests = answers.map((_, i) => getFresh(`${cluster.url}/daily`).then((r) => (answers[i] = r)));
      await until(() => answers.filter(Boolean).length >= 2, 'the other worker answers its share', 20_000);
      expect(answers.filter(Boolean).length).toBeLessThan(6);
      process.kill(frozen!, 'SIGKILL');
      const all = await within(Promise.all(requests), 'the requests handed to the frozen worker', STATEMENT_MS);
      expect(all.map((a) => a.status)).toEqual(all.map(() => 200));
    } finally {
      try {
        process.kill(frozen!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  });
});
