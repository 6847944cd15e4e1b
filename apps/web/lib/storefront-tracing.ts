import { register } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { createAddHookMessageChannel } from 'import-in-the-middle';

/*
 * The storefront's traces (decision 0118), when OTEL_EXPORTER_OTLP_ENDPOINT is set: one server
 * span per request (made by server.ts, named by its kind of route, never by its path), Next's own
 * spans inside it, and the API calls made while rendering (fetch), which carry the trace to the
 * API in `traceparent`. Redis commands by name only. Unset, nothing is loaded or sent.
 */

function withoutQuery(address: string): string {
  const end = address.search(/[?#]/);
  return end < 0 ? address : address.slice(0, end);
}

export interface StorefrontTracing {
  /** Runs the request inside its server span; the span ends with the response. */
  traceRequest(
    request: IncomingMessage,
    response: ServerResponse,
    details: { kind: string; requestId: string },
    work: () => void,
  ): void;
  shutdown(): Promise<void>;
}

export async function startStorefrontTracing(options: {
  endpoint: string;
  serviceName: string;
}): Promise<StorefrontTracing> {
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor(
        new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` }),
      ),
    ],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new IORedisInstrumentation({
        requireParentSpan: true,
        dbStatementSerializer: (command) => command,
      }),
      new UndiciInstrumentation({
        requestHook(span, request) {
          span.setAttribute('url.full', withoutQuery(`${request.origin}${request.path}`));
          span.setAttribute('url.query', '');
        },
      }),
    ],
  });
  await waitForAllMessagesAcknowledged();
  const tracer = provider.getTracer('comptoir-storefront');

  return {
    traceRequest(request, response, { kind, requestId }, work) {
      // A balancer's trace, when it sent one.
      const parent = propagation.extract(context.active(), request.headers);
      const method = request.method ?? 'GET';
      const span = tracer.startSpan(
        `${method} ${kind}`,
        {
          kind: SpanKind.SERVER,
          attributes: {
            'http.request.method': method,
            'comptoir.route_kind': kind,
            'comptoir.request_id': requestId,
          },
        },
        parent,
      );
      response.once('close', () => {
        span.setAttribute('http.response.status_code', response.statusCode);
        if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      });
      context.with(trace.setSpan(parent, span), work);
    },
    shutdown: () => provider.shutdown(),
  };
}
