import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HeadCheckSchema, type PageHead } from '@jesus-walks/contracts/seo';
import {
  identityHeaders,
  startTestService,
  type TestService,
  testAdmin,
  testUser,
} from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeoDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';

/** The public site as the head check fetches it: each page's first HTML, no script run. */
const pages: Record<string, string> = {
  '/': `<!doctype html><html><head><title>Jesus Walks &amp; Friends</title>
    <meta name="description" content="Guided faith hikes in Napa">
    <script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Jesus Walks"}</script>
    </head><body></body></html>`,
  '/register': `<html><head><title>Join Jesus Walks</title><meta content='Create an account' name='description'></head></html>`,
  '/login': `<html><head><title>Jesus Walks &amp; Friends</title><meta name="description" content="Log in"></head></html>`,
  '/shop': `<html><head><title>Shop</title><script type="application/ld+json">{"@graph":[{"@type":"Organization"}]}</script></head></html>`,
};

let site: Server;
let seo: TestService<Env, SeoDatabase>;

beforeAll(async () => {
  site = createServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/ai-assistant') {
      request.socket.destroy();
      return;
    }
    const html = pages[path];
    response.writeHead(html ? 200 : 500, { 'content-type': 'text/html; charset=utf-8' }).end(html ?? '');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  seo = await startTestService(service, {
    PUBLIC_ORIGIN: 'https://jesuswalks.example',
    // The pages are fetched through the gateway's internal address; reported under the public URL.
    HEAD_CHECK_ORIGIN: `http://127.0.0.1:${(site.address() as AddressInfo).port}`,
  });
});
afterAll(async () => {
  await seo?.close();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});

const url = '/api/seo/head-check';

describe('GET /api/seo/head-check', () => {
  it('is for admins only', async () => {
    expect((await seo.app.inject({ url })).statusCode).toBe(401);
    expect(
      (await seo.app.inject({ url, headers: await identityHeaders(testUser, 'GET', url) })).statusCode,
    ).toBe(403);
  });

  it("reports what each public page's head lacks, as served", async () => {
    const response = await seo.app.inject({ url, headers: await identityHeaders(testAdmin, 'GET', url) });
    expect(response.statusCode).toBe(200);
    const check = HeadCheckSchema.parse(response.json());
    const byPath = Object.fromEntries(check.pages.map((page) => [page.path, page])) as Record<
      string,
      PageHead
    >;
    const codes = (path: string) => byPath[path]?.problems.map((problem) => problem.code);

    expect(Object.keys(byPath).sort()).toEqual([
      '/',
      '/ai-assistant',
      '/contact',
      '/events',
      '/login',
      '/privacy',
      '/register',
      '/shop',
    ]);
    expect(byPath['/']).toMatchObject({
      url: 'https://jesuswalks.example/',
      status: 200,
      title: 'Jesus Walks & Friends',
      description: 'Guided faith hikes in Napa',
      structuredDataTypes: ['Organization'],
    });
    expect(codes('/')).toEqual(['duplicate_title']);
    expect(byPath['/']?.problems[0]?.message).toBe(
      'The title "Jesus Walks & Friends" is also the title of /login',
    );
    expect(codes('/login')).toEqual(['duplicate_title']);
    expect(codes('/register')).toEqual([]);
    expect(byPath['/register']?.description).toBe('Create an account');
    expect(codes('/shop')).toEqual(['missing_description', 'missing_structured_data']);
    expect(byPath['/shop']?.structuredDataTypes).toEqual(['Organization']);
    expect(byPath['/shop']?.problems[1]?.message).toBe('No Product structured data (JSON-LD)');
    expect(codes('/events')).toEqual(['bad_status', 'missing_title', 'missing_description']);
    expect(codes('/ai-assistant')).toEqual(['fetch_failed']);
  });
});
