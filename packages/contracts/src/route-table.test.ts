import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { accountRoutes } from './account';
import { assistantPeerRoutes, assistantRoutes, knowledgeRoutes } from './assistant';
import { auditRoutes } from './audit';
import { authRoutes } from './auth';
import { cartRoutes } from './cart';
import { checkoutRoutes } from './checkout';
import { contactRoutes } from './contact';
import { eventRoutes } from './events';
import { newsletterRoutes } from './newsletter';
import { orderRoutes } from './orders';
import { cryptoRoutes, orderPaymentRoutes, safekeyRoutes, squareRoutes, walletRoutes } from './payments';
import { privacyRoutes } from './privacy';
import { productRoutes } from './products';
import { publicRouteTable, routesOf, routeTable } from './route-table';
import { seoRoutes } from './seo';
import { eventSeriesRoutes } from './series';
import { publicReadServices, serviceNames } from './services';
import { shippingRoutes } from './shipping';
import { userRoutes } from './users';
import { waiverRoutes } from './waivers';

describe('the route table', () => {
  it('has each method and path once', () => {
    const keys = routeTable.map((entry) => `${entry.method} ${entry.path}`);
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('marks as shared reads only public GETs of services that announce their changes', () => {
    const shared = routeTable.filter((entry) => entry.sharedRead);
    expect(shared.map((entry) => entry.path).sort()).toEqual(['/api/events', '/api/products', '/events.ics']);
    for (const entry of shared) {
      expect(entry.method).toBe('GET');
      expect(entry.access).toBe('public');
      expect(publicReadServices).toContain(entry.service);
    }
  });

  it('names only known services', () => {
    for (const entry of routeTable) expect(serviceNames).toContain(entry.service);
  });

  it('marks every /internal/ path internal, and only those', () => {
    for (const entry of routeTable) {
      expect(entry.access === 'internal', `${entry.method} ${entry.path}`).toBe(
        entry.path.startsWith('/internal/'),
      );
    }
  });

  it('keeps public paths under the prefixes the gateway proxies', () => {
    for (const entry of publicRouteTable()) {
      expect(entry.path, entry.path).toMatch(/^\/(api\/|sitemap\.xml$|robots\.txt$|events\.ics$)/);
    }
  });

  it('gives every route a success response schema', () => {
    for (const entry of routeTable) {
      const statuses = Object.keys(entry.responses).map(Number);
      expect(
        statuses.some((status) => status >= 200 && status < 300),
        `${entry.method} ${entry.path}`,
      ).toBe(true);
    }
  });

  it('splits into per-service lists that cover it exactly', () => {
    const total = serviceNames.reduce((sum, service) => sum + routesOf(service).length, 0);
    expect(total).toBe(routeTable.length);
    for (const entry of routesOf('identity')) expect(entry.service).toBe('identity');
  });

  it('exposes no internal route to the gateway', () => {
    expect(publicRouteTable().some((entry) => entry.access === 'internal')).toBe(false);
    expect(publicRouteTable().length).toBe(routeTable.filter((entry) => entry.access !== 'internal').length);
  });
});

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) return [];
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('routes by name', () => {
  it("keeps every domain's routes as a named object, never a list", () => {
    const domains = {
      authRoutes,
      userRoutes,
      accountRoutes,
      productRoutes,
      cartRoutes,
      shippingRoutes,
      orderRoutes,
      checkoutRoutes,
      squareRoutes,
      safekeyRoutes,
      walletRoutes,
      cryptoRoutes,
      orderPaymentRoutes,
      eventRoutes,
      eventSeriesRoutes,
      waiverRoutes,
      newsletterRoutes,
      contactRoutes,
      auditRoutes,
      privacyRoutes,
      seoRoutes,
      assistantRoutes,
      assistantPeerRoutes,
      knowledgeRoutes,
    };
    let named = 0;
    for (const [name, routes] of Object.entries(domains)) {
      expect(Array.isArray(routes), name).toBe(false);
      expect(Object.isFrozen(routes), name).toBe(true);
      named += Object.keys(routes).length;
    }
    expect(named).toBe(routeTable.length);
  });

  it('finds no route contract by position anywhere in the workspace', () => {
    const byPosition = [/\b[a-z]\w*Routes\s*\[/, /\]\s*=\s*[a-z]\w*Routes\b/];
    const offenders = ['apps', 'services', 'packages', 'e2e', 'bench'].flatMap((folder) =>
      sourceFiles(join(repositoryRoot, folder))
        .filter((file) => !file.endsWith('route-table.test.ts'))
        .filter((file) => byPosition.some((pattern) => pattern.test(readFileSync(file, 'utf8')))),
    );
    expect(offenders).toEqual([]);
  });
});
