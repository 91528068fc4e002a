import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { headers } from '@jesus-walks/contracts/common';
import type { SitemapSource } from '@jesus-walks/contracts/seo';
import { testSecrets } from '@jesus-walks/test-kit/test-service';

/**
 * A stand-in for one owner of sitemap data (catalog-and-orders or content-and-events) answering
 * its internal sitemap route. `source` is read at each request, so a test changes the data by
 * assigning it; `down` makes it answer 503 as a service that is not ready.
 */
export interface FakePeer {
  url: string;
  source: SitemapSource;
  down: boolean;
  requests: number;
  close(): Promise<void>;
}

export async function startFakePeer(path: string, source: SitemapSource): Promise<FakePeer> {
  const peer = { source, down: false, requests: 0 };
  const server = createServer((request, response) => {
    if (request.headers[headers.internalToken] !== testSecrets.INTERNAL_TOKEN) {
      response
        .writeHead(401, { 'content-type': 'application/json' })
        .end('{"message":"no","code":"unauthorized"}');
      return;
    }
    if (request.url !== path) {
      response
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"message":"no","code":"not_found"}');
      return;
    }
    peer.requests += 1;
    if (peer.down) {
      response
        .writeHead(503, { 'content-type': 'application/json' })
        .end('{"message":"down","code":"upstream_unavailable"}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(peer.source));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(peer, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
