import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Below this, ports are privileged or belong to well-known servers (Postgres 5432, Redis 6379). */
const LOWEST_PICKED = 10_000;

/**
 * The lowest port the OS hands out to outgoing connections (Linux), or null where it cannot be
 * read. A port from that range, free when picked, can be taken by any connection made before its
 * server listens: a stack started beside thousands of test requests failed with EADDRINUSE.
 */
function lowestEphemeralPort(): number | null {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return low > LOWEST_PICKED + 1_000 ? low : null;
  } catch {
    return null;
  }
}

const ephemeralLow = lowestEphemeralPort();

/** Listens on `port` (0: any) on 127.0.0.1 and closes again: the port it got, or null if taken. */
function tryListen(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : null));
    });
  });
}

/**
 * A TCP port free on 127.0.0.1 right now, for a server that listens on it a little later. Picked at
 * random below the OS's range for outgoing connections where that range is known (Linux), so that
 * no connection can take it meanwhile; else the OS picks it.
 */
export async function freePort(): Promise<number> {
  if (ephemeralLow !== null) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const port = await tryListen(randomInt(LOWEST_PICKED, ephemeralLow));
      if (port !== null) return port;
    }
  }
  const port = await tryListen(0);
  if (port === null) throw new Error('no free port');
  return port;
}
