import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { metricsPlugin } from '@jesus-walks/service-kit/metrics';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// infra/observability: the Grafana dashboard charts only what the deployables really export (checked
// against the /metrics of an app with service-kit's metrics plugin), and the scrape configuration
// reaches every deployable.

interface Panel {
  title: string;
  targets: Array<{ expr: string }>;
}
const dashboard = JSON.parse(
  readFileSync(join(import.meta.dirname, 'observability/grafana-dashboard.json'), 'utf8'),
) as {
  uid: string;
  panels: Panel[];
  templating: { list: Array<{ name: string; definition?: string }> };
};
const prometheus = parse(readFileSync(join(import.meta.dirname, 'observability/prometheus.yml'), 'utf8')) as {
  scrape_configs: Array<{
    job_name: string;
    static_configs?: Array<{ targets: string[] }>;
    authorization?: { type: string };
  }>;
};

let exported = '';
beforeAll(async () => {
  const app = Fastify();
  await app.register(metricsPlugin, { service: 'identity' });
  app.get('/api/things/:id', async () => ({ ok: true }));
  app.get('/api/broken', async (_request, reply) =>
    reply.code(503).send({ message: 'down', code: 'upstream_unavailable' }),
  );
  await app.inject({ url: '/api/things/1' });
  await app.inject({ url: '/api/broken' });
  exported = (await app.inject({ url: '/metrics' })).body;
  await app.close();
});

/** Series names in a PromQL expression (functions and keywords aside). */
function seriesOf(expr: string): string[] {
  const names = [...expr.matchAll(/\b([a-z_][a-z0-9_]*)\s*\{/g)].map(([, name]) => name ?? '');
  return [...new Set(names)];
}
/** Labels a PromQL expression groups or filters by. */
function labelsOf(expr: string): string[] {
  const grouped = [...expr.matchAll(/by \(([^)]*)\)/g)].flatMap(([, list]) =>
    (list ?? '').split(',').map((l) => l.trim()),
  );
  const filtered = [...expr.matchAll(/([a-z_]+)\s*=~?\s*"/g)].map(([, label]) => label ?? '');
  return [...new Set([...grouped, ...filtered])].filter((label) => label !== 'le');
}

describe('the Grafana dashboard', () => {
  const expressions = dashboard.panels.flatMap((panel) =>
    panel.targets.map((target) => ({ panel: panel.title, expr: target.expr })),
  );

  it('charts request rate, errors and latency per route', () => {
    const titles = dashboard.panels.map((panel) => panel.title).join('\n');
    expect(titles).toMatch(/Requests per second, by route/);
    expect(titles).toMatch(/Errors \(5xx\)/);
    expect(titles).toMatch(/Latency p95, by route/);
    expect(expressions.some(({ expr }) => expr.includes('histogram_quantile(0.99'))).toBe(true);
  });

  it('uses only series and labels that the deployables export', () => {
    expect(exported).toContain('http_request_duration_seconds_bucket');
    for (const { panel, expr } of expressions) {
      const series = seriesOf(expr);
      expect(series.length, panel).toBeGreaterThan(0);
      for (const name of series)
        expect(exported, `${panel}: ${name}`).toMatch(new RegExp(`^${name}[{ ]`, 'm'));
      for (const label of labelsOf(expr)) {
        const line = exported.split('\n').find((each) => series.some((name) => each.startsWith(`${name}{`)));
        expect(line, `${panel}: ${label}`).toContain(`${label}="`);
      }
    }
    // The route label is the route's pattern, not the path: one series per route, whatever the ids.
    expect(exported).toContain('route="/api/things/:id"');
    expect(exported).toContain('status_code="503"');
  });

  it('lets the viewer pick services from the exported service label', () => {
    const service = dashboard.templating.list.find((variable) => variable.name === 'service');
    expect(service?.definition).toBe('label_values(http_request_duration_seconds_count, service)');
    expect(exported).toMatch(/service="identity"/);
  });
});

describe('the Prometheus scrape configuration', () => {
  it('scrapes every service directly and the gateway with its bearer token', () => {
    const services = prometheus.scrape_configs.find((job) => job.job_name === 'jesus-walks-services');
    expect(services?.static_configs?.[0]?.targets).toEqual([
      'identity:3001',
      'catalog-and-orders:3002',
      'payments:3003',
      'content-and-events:3004',
      'seo:3005',
      'ai-assistant:3006',
    ]);
    const gateway = prometheus.scrape_configs.find((job) => job.job_name === 'jesus-walks-gateway');
    expect(gateway?.authorization?.type).toBe('Bearer');
    expect(gateway?.static_configs?.[0]?.targets).toEqual(['gateway:3000']);
  });
});
