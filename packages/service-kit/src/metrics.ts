import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { statementCountOf } from './database';
import { tokensEqual } from './identity';

/**
 * Prometheus metrics at /metrics: request rate, errors and latency per route (one histogram, by
 * method, route and status code), the SQL statements run (with `database`) and the process's own. Each app gets its own registry, since the
 * standalone mode runs every service in one process. `bearerToken` (the gateway, which the
 * internet reaches): /metrics answers only a scraper that presents it, and is absent without one.
 * infra/observability holds the scrape configuration and a Grafana dashboard for these.
 */
export const metricsPlugin = fp<{ service: string; bearerToken?: string | null; database?: object }>(
  async (app, options) => {
    const registry = new Registry();
    registry.setDefaultLabels({ service: options.service });
    collectDefaultMetrics({ register: registry });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration in seconds',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const { database } = options;
    if (database) {
      // What a request costs the database, read against the request counts (docs/performance.md).
      new Counter({
        name: 'db_statements_total',
        help: 'SQL statements this deployable has run',
        registers: [registry],
        collect() {
          this.reset();
          this.inc(statementCountOf(database));
        },
      });
    }
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      if (route === '/metrics') return;
      duration.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
    if (options.bearerToken === null) return;
    const expected = options.bearerToken === undefined ? undefined : `Bearer ${options.bearerToken}`;
    app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
      if (expected !== undefined && !tokensEqual(request.headers.authorization, expected)) {
        return reply.code(401).send({ message: 'A valid metrics token is required', code: 'unauthorized' });
      }
      reply.type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);
