import { createServer } from 'node:net';

/**
 * A TCP port on loopback nobody listens on right now (the system picks it): for what must know its
 * port before it listens, as an embedded PostgreSQL beside the machine's own, or a test's server.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
