import { createRequire } from 'node:module';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import {
  type Context,
  context,
  INVALID_SPAN_CONTEXT,
  propagation,
  type Span,
  type SpanOptions,
  type Tracer,
  type TracerProvider,
  trace,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * OpenTelemetry tracing, off unless OTEL_EXPORTER_OTLP_ENDPOINT names an OTLP/HTTP collector
 * (decision 029).
 *
 * The libraries make the spans: @fastify/otel one server span per request, the pg instrumentation
 * one per SQL statement (and new connection), the undici instrumentation one per outgoing call
 * (the internal client's, the gateway's proxy's, fetch's), which also carries the W3C traceparent
 * to the service called, so one visitor's request is one trace across the deployables.
 *
 * Each deployable has its own tracer provider (the standalone can run them all in one process, and
 * each must still report under its own service.name); the pg and undici instrumentations are the
 * process's, and give each span to the deployable whose request it belongs to (libraryTracers).
 *
 * Off, nothing of this runs: no provider, no global context manager, no instrumentation built (an
 * instrumentation hooks `require` as soon as it exists), pg unpatched, no subscriber on undici's
 * channels, no hook on any request.
 */
export interface Tracing {
  /** The deployable's service.name. */
  serviceName: string;
  /** Its provider: the spans it makes carry its service.name. */
  provider: BasicTracerProvider;
  /** Sends what is buffered and stops; the libraries are left alone once no deployable traces. */
  shutdown(): Promise<void>;
}

/** The providers of the deployables tracing in this process, by service.name. */
const deployables = new Map<string, BasicTracerProvider>();

export function createTracing(options: {
  serviceName: string;
  endpoint: string | undefined;
}): Tracing | undefined {
  if (!options.endpoint) return undefined;
  registerGlobals();
  const exporter = new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1_000 })],
  });
  deployables.set(options.serviceName, provider);
  instrumentLibraries();
  let stopped = false;
  return {
    serviceName: options.serviceName,
    provider,
    async shutdown() {
      if (stopped) return;
      stopped = true;
      if (deployables.get(options.serviceName) === provider) deployables.delete(options.serviceName);
      releaseLibraries();
      await provider.shutdown();
    },
  };
}

/**
 * The request's server span, from @fastify/otel: named by method and route, with the request id,
 * the path without its query (a query can hold a token) and the status code; 5xx is an error.
 * Hooks and handlers get no span of their own (instrumentHooks, instrumentHandler): what a trace
 * needs under a request is its SQL and its calls, one span each, and a span per hook would cost
 * every request a dozen more. `trustIncoming: false` (the gateway) starts every trace afresh: a
 * client on the internet does not get to choose the trace its request joins.
 */
export function registerTracing(
  app: FastifyInstance,
  tracing: Tracing,
  options: { trustIncoming: boolean },
): void {
  if (!options.trustIncoming) {
    // Before @fastify/otel's own onRequest hook (registered below), which reads them.
    app.addHook('onRequest', (request, _reply, done) => {
      delete request.headers.traceparent;
      delete request.headers.tracestate;
      done();
    });
  }
  const instrumentation = new FastifyOtelInstrumentation({
    instrumentHooks: false,
    instrumentHandler: false,
    requestHook: describeRequest,
  });
  instrumentation.setTracerProvider(tracing.provider);
  app.register(instrumentation.plugin());
  app.addHook('onClose', () => tracing.shutdown());
}

function describeRequest(span: Span, request: FastifyRequest): void {
  const route = request.routeOptions.url;
  span.updateName(route ? `${request.method} ${route}` : request.method);
  span.setAttributes({ 'url.path': withoutQuery(request.url), 'request.id': request.id });
}

function withoutQuery(url: string): string {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
}

let globalsRegistered = false;

/** The process-wide parts, once: async context (AsyncLocalStorage) and the W3C propagator. */
function registerGlobals(): void {
  if (globalsRegistered) return;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  globalsRegistered = true;
}

/**
 * The tracer provider the library instrumentations use: a span goes to the provider of the
 * deployable that made its parent (the request's span, found in the active context), so that the
 * SQL and calls of identity's request report as identity's even when the gateway and every service
 * share the process. A span with no parent of ours is not recorded (SQL of a job between requests:
 * the instrumentations are told to skip those anyway); the parent's context still propagates.
 */
const libraryTracers: TracerProvider = {
  getTracer(name, version, tracerOptions) {
    const tracers = new WeakMap<BasicTracerProvider, Tracer>();
    const tracerOf = (provider: BasicTracerProvider): Tracer => {
      let tracer = tracers.get(provider);
      if (!tracer) {
        tracer = provider.getTracer(name, version, tracerOptions);
        tracers.set(provider, tracer);
      }
      return tracer;
    };
    const startSpan = (
      spanName: string,
      spanOptions?: SpanOptions,
      parentContext = context.active(),
    ): Span => {
      const parent = trace.getSpan(parentContext);
      const owner = deployableOf(parent);
      return owner
        ? tracerOf(owner).startSpan(spanName, spanOptions, parentContext)
        : trace.wrapSpanContext(parent?.spanContext() ?? INVALID_SPAN_CONTEXT);
    };
    // (name, fn), (name, options, fn) or (name, options, context, fn), as the API's overloads.
    const startActiveSpan = (spanName: string, ...rest: unknown[]): unknown => {
      const fn = rest.pop() as (span: Span) => unknown;
      const [spanOptions, parentContext = context.active()] = rest as [SpanOptions?, Context?];
      const span = startSpan(spanName, spanOptions, parentContext);
      return context.with(trace.setSpan(parentContext, span), fn, undefined, span);
    };
    return { startSpan, startActiveSpan } as Tracer;
  },
};

function deployableOf(span: Span | undefined): BasicTracerProvider | undefined {
  if (!span) return undefined;
  const serviceName = (span as Partial<ReadableSpan>).resource?.attributes['service.name'];
  return typeof serviceName === 'string' ? deployables.get(serviceName) : undefined;
}

interface LibraryInstrumentations {
  pg: PgInstrumentation;
  undici: UndiciInstrumentation;
}
let libraries: LibraryInstrumentations | undefined;
let tracingDeployables = 0;

/** The pg and undici instrumentations, built on the first deployable that traces and on while one does. */
function instrumentLibraries(): void {
  tracingDeployables += 1;
  if (libraries) {
    libraries.pg.enable();
    libraries.undici.enable();
    return;
  }
  // Both are on from construction. requireParentSpan / requireParentforSpans: only what a request
  // does is traced, not the job queue's polling between requests.
  const pg = new PgInstrumentation({ requireParentSpan: true });
  // undici's is diagnostics_channel-based: it patches nothing, and sees the npm undici's requests
  // (the internal client, the gateway's proxy) as well as Node's own fetch.
  const undici = new UndiciInstrumentation({ requireParentforSpans: true, startSpanHook: urlWithoutQuery });
  pg.setTracerProvider(libraryTracers);
  undici.setTracerProvider(libraryTracers);
  libraries = { pg, undici };
  patchLoadedPg();
}

function releaseLibraries(): void {
  tracingDeployables -= 1;
  if (tracingDeployables > 0 || !libraries) return;
  // Unpatches pg and unsubscribes from undici's channels.
  libraries.pg.disable();
  libraries.undici.disable();
}

/**
 * The pg instrumentation patches pg when pg is required after it is enabled (require-in-the-middle).
 * Here pg is already loaded by then: database.ts imports it (an ES import of a CommonJS package,
 * which require-in-the-middle does not see) before any app is built, and tracing is only decided
 * when an app is. Requiring pg again now goes through the instrumentation's hook, which patches the
 * module every pool uses (the same exports object: Node keeps one instance of a CommonJS module
 * however it was loaded), then pg-pool the same way, from where pg finds it. Nothing needs
 * preloading with --import, so how a deployable is started (tsx, the standalone, tests) is unchanged.
 */
function patchLoadedPg(): void {
  const require = createRequire(import.meta.url);
  require('pg');
  createRequire(require.resolve('pg'))('pg-pool');
}

/** url.full without its query, as for the request's span (the attribute url.query is left out too). */
function urlWithoutQuery(request: { origin: string; path: string }): Record<string, string | undefined> {
  return { 'url.full': `${request.origin}${withoutQuery(request.path)}`, 'url.query': undefined };
}
