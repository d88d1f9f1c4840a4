import { fork } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopReading } from './sticky.ts';

/**
 * The primary hands a connection to a worker and keeps its own copy open until the worker says it
 * took it. Here that answer never comes (as when the primary is slow under load): what the client
 * sends after the handing — a WebSocket's first frame — must still reach the worker.
 */
const WORKER = `
process.on('message', (m, socket) => {
  if (m !== 'conn' || !socket) return;
  socket.on('data', (d) => socket.write('echo:' + d));
  socket.write('taken;');
});
`;

describe('a connection the primary handed to a worker', () => {
  let dir: string;
  let server: net.Server;
  let worker: ReturnType<typeof fork>;
  const copies: net.Socket[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tsunagu-sticky-'));
    await writeFile(path.join(dir, 'worker.cjs'), WORKER);
    worker = fork(path.join(dir, 'worker.cjs'), { stdio: 'ignore' });
    server = net.createServer((socket) => {
      socket.once('data', () => {
        // What the primary does with a request that has no body (server/sticky.ts).
        socket.removeAllListeners('data');
        socket.pause();
        stopReading(socket);
        copies.push(socket);
        worker.send('conn', socket, { keepOpen: true });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const c of copies) c.destroy();
    worker?.kill();
    await new Promise((resolve) => server?.close(resolve));
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('gets every byte the client sends after it, none read by the primary copy', async () => {
    const { port } = server.address() as net.AddressInfo;
    const talk = (i: number) =>
      new Promise<string>((resolve, reject) => {
        let heard = '';
        const c = net.connect(port, '127.0.0.1', () => c.write('GET / HTTP/1.1\r\n\r\n'));
        c.on('error', reject);
        c.on('data', (d) => {
          heard += String(d);
          // The worker has the connection: the client's next bytes are its to read.
          if (heard === 'taken;') c.write(`frame ${i}`);
          if (heard.endsWith(`echo:frame ${i}`)) {
            c.destroy();
            resolve(heard);
          }
        });
      });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => talk(i)));
    expect(answers).toEqual(Array.from({ length: 20 }, (_, i) => `taken;echo:frame ${i}`));
    expect(copies.reduce((n, c) => n + c.readableLength, 0)).toBe(0);
  });
});
