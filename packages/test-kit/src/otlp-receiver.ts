import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A collector for tests: an OTLP/HTTP receiver on 127.0.0.1 that keeps the spans it is sent (the
 * JSON encoding, which is what @opentelemetry/exporter-trace-otlp-http sends), so a test can set
 * OTEL_EXPORTER_OTLP_ENDPOINT to it and read back what each deployable reported.
 */
export interface ReceivedSpan {
  /** The resource's service.name: which deployable reported it. */
  service: string;
  traceId: string;
  spanId: string;
  /** '' for a root span. */
  parentSpanId: string;
  name: string;
  /** 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, string | number | boolean>;
}

export interface OtlpReceiver {
  /** The base URL to give as OTEL_EXPORTER_OTLP_ENDPOINT. */
  endpoint: string;
  spans: ReceivedSpan[];
  /** The content types the exporters used. */
  contentTypes: Set<string>;
  close(): Promise<void>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpKeyValue {
  key: string;
  value: OtlpValue;
}
interface OtlpRequest {
  resourceSpans: Array<{
    resource: { attributes: OtlpKeyValue[] };
    scopeSpans: Array<{
      spans: Array<
        Omit<ReceivedSpan, 'service' | 'attributes' | 'parentSpanId'> & {
          parentSpanId?: string;
          attributes?: OtlpKeyValue[];
        }
      >;
    }>;
  }>;
}

const attributesOf = (list: OtlpKeyValue[] = []) =>
  Object.fromEntries(
    list.map(({ key, value }) => [
      key,
      value.stringValue ?? value.boolValue ?? value.doubleValue ?? Number(value.intValue),
    ]),
  );

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const contentTypes = new Set<string>();
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      contentTypes.add(String(request.headers['content-type']));
      if (request.url === '/v1/traces') {
        for (const resourceSpans of (JSON.parse(body) as OtlpRequest).resourceSpans) {
          const service = String(attributesOf(resourceSpans.resource.attributes)['service.name']);
          for (const scope of resourceSpans.scopeSpans) {
            for (const span of scope.spans) {
              spans.push({
                ...span,
                service,
                parentSpanId: span.parentSpanId ?? '',
                attributes: attributesOf(span.attributes),
              });
            }
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    contentTypes,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
