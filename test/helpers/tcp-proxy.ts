import net from 'node:net';

/**
 * A TCP proxy on loopback between the app and its PostgreSQL: `cut()` drops every connection and
 * refuses new ones (the database went away: a network cut, a restart, a failover), `restore()`
 * lets them through again. It cuts the embedded server and an external one alike, without
 * touching the server other test files share.
 */
export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(targetPort, targetHost);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
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
    restore: listen,
    close: stop,
  };
}
