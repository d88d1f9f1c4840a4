import net from 'node:net';
import { withDatabase } from '../../server/db/embedded.ts';

/**
 * A TCP proxy on loopback between the app and its PostgreSQL: `cut()` drops every connection and
 * refuses new ones (the database went away: a network cut, a restart, a failover), `silence()`
 * keeps every connection open and accepts new ones but passes nothing either way (a server that
 * hangs, or a network that drops packets without resetting), `restore()` lets them through again. It cuts the embedded server and an external one alike, without
 * touching the server other test files share. `hold()` keeps what the app sends from reaching the
 * server (a slow link one way: `held()` is that text so far) until `release()` passes it on.
 */
export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  silence(): void;
  restore(): Promise<void>;
  hold(): void;
  held(): string;
  release(): void;
  close(): Promise<void>;
}

async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  let silent = false;
  const pairs = new Set<[net.Socket, net.Socket]>();
  let holding: [net.Socket, Buffer][] | null = null;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        if (silent) {
          // Accepted, and never a byte back.
          sockets.add(client);
          client.on('close', () => sockets.delete(client));
          client.on('error', () => client.destroy());
          client.pause();
          return;
        }
        const upstream = net.connect(targetPort, targetHost);
        const pair: [net.Socket, net.Socket] = [client, upstream];
        pairs.add(pair);
        client.on('close', () => pairs.delete(pair));
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.on('data', (chunk: Buffer) => (holding ? holding.push([upstream, chunk]) : upstream.write(chunk)));
        client.on('end', () => upstream.end());
        upstream.pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const stop = async () => {
    for (const s of sockets) s.destroy();
    const s = server;
    server = null;
    if (s) await new Promise<void>((r) => s.close(() => r()));
  };
  await listen();
  return {
    get port() {
      return port;
    },
    cut: stop,
    silence() {
      silent = true;
      for (const [client, upstream] of pairs) {
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    async restore() {
      if (silent) {
        // The silenced connections' conversations cannot resume mid-message: they go, as after a cut.
        silent = false;
        await stop();
      }
      await listen();
    },
    hold() {
      holding ??= [];
    },
    held: () => Buffer.concat((holding ?? []).map(([, chunk]) => chunk)).toString('latin1'),
    release() {
      const kept = holding ?? [];
      holding = null;
      for (const [upstream, chunk] of kept) if (!upstream.destroyed) upstream.write(chunk);
    },
    close: stop,
  };
}

/** A proxy in front of the server that `url` names (its port, or `defaultPort`), and `url` through it. */
async function proxied(url: string, defaultPort: number): Promise<{ proxy: TcpProxy; url: string }> {
  const u = new URL(url);
  const proxy = await startTcpProxy(u.hostname, Number(u.port || defaultPort));
  const viaProxy = new URL(url);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  return { proxy, url: viaProxy.href };
}

/** A proxy in front of a test database, and that database's URL through it (to cut or silence it). */
export async function proxiedDatabase(database: { url: string; name: string }): Promise<{ proxy: TcpProxy; url: string }> {
  const { proxy, url } = await proxied(database.url, 5432);
  return { proxy, url: withDatabase(url, database.name) };
}

/** A proxy in front of the Redis at `url`, and its URL through it (to cut it, or hold what an app sends it). */
export const proxiedRedis = (url: string): Promise<{ proxy: TcpProxy; url: string }> => proxied(url, 6379);
