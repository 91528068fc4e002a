import {
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * OpenTelemetry tracing, off unless OTEL_EXPORTER_OTLP_ENDPOINT names an OTLP/HTTP collector.
 *
 * Each deployable has its own tracer provider (the standalone runs them all in one process, each
 * must still report under its own service.name). A server span covers every request; the W3C
 * traceparent header carries the trace to the services the request calls (the gateway's proxy and
 * every internal client), so one visitor's request is one trace across the deployables. Off, the
 * API is the no-op one: no span is made and no header added.
 */
export interface Tracing {
  tracer: Tracer;
  /** Sends what is buffered and stops. */
  shutdown(): Promise<void>;
}

let globalsRegistered = false;

/** The process-wide parts, once: async context (AsyncLocalStorage) and the W3C propagator. */
function registerGlobals(): void {
  if (globalsRegistered) return;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  globalsRegistered = true;
}

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
  return { tracer: provider.getTracer('jesus-walks'), shutdown: () => provider.shutdown() };
}

const spans = new WeakMap<FastifyRequest, Span>();

/**
 * A server span per request, the request's work run in its context (so that calls made while
 * handling it become its children), ended with the status code when the answer is sent.
 * `trustIncoming: false` (the gateway) starts every trace afresh: a client on the internet does
 * not get to choose the trace its request joins.
 */
export function registerTracing(
  app: FastifyInstance,
  tracing: Tracing,
  options: { trustIncoming: boolean },
): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const parent = options.trustIncoming ? propagation.extract(ROOT_CONTEXT, request.headers) : ROOT_CONTEXT;
    const route = request.routeOptions.url;
    const span = tracing.tracer.startSpan(
      route ? `${request.method} ${route}` : request.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'url.path': request.url.split('?')[0] ?? request.url,
          ...(route ? { 'http.route': route } : {}),
          'request.id': request.id,
        },
      },
      parent,
    );
    spans.set(request, span);
    context.with(trace.setSpan(parent, span), done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
  app.addHook('onClose', () => tracing.shutdown());
}

/** Adds traceparent (when this request is traced) to the headers of a call it makes. */
export function injectTraceHeaders(headers: Record<string, string>, from?: FastifyRequest): void {
  const span = from ? spans.get(from) : undefined;
  const source: Context = span ? trace.setSpan(ROOT_CONTEXT, span) : context.active();
  propagation.inject(source, headers);
}
