import { register } from 'node:module';
import FastifyOtelInstrumentation from '@fastify/otel';
import type { Span } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { createAddHookMessageChannel } from 'import-in-the-middle';

/*
 * Traces (issue 31, decision 0118): Fastify's requests, their PostgreSQL queries, Redis commands
 * and outgoing fetch calls, sent over OTLP/HTTP (protobuf) to OTEL_EXPORTER_OTLP_ENDPOINT. Only
 * server.ts starts it, and only when that variable is set: otherwise no instrumentation is loaded
 * and nothing leaves the process.
 *
 * What a span holds stays free of personal data: paths without their query (a back-office search
 * by e-mail is in the query), SQL with its placeholders (never the values), Redis command names
 * without their keys (rate-limit keys hold addresses), and the request id that joins a trace to
 * the logs (the storefront's, when it sent one).
 */

export interface Tracing {
  /** Sends the spans still buffered, then stops. */
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  /** The collector's base address (OTEL_EXPORTER_OTLP_ENDPOINT); spans go to `/v1/traces`. */
  endpoint: string;
  serviceName: string;
}

/** An address without its query string and fragment. */
export function withoutQuery(address: string): string {
  const end = address.search(/[?#]/);
  return end < 0 ? address : address.slice(0, end);
}

/** The endpoint of OTLP/HTTP traces under a collector's base address (the specification's rule). */
export function tracesUrl(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, '')}/v1/traces`;
}

/**
 * Starts tracing. Called before the API's modules are imported: pg and ioredis are patched as
 * they load (import-in-the-middle's loader hook for ES modules), Fastify on each instance it
 * makes (its diagnostics channel), fetch through undici's diagnostics channel.
 */
export async function startTracing(options: TracingOptions): Promise<Tracing> {
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const exporter = new OTLPTraceExporter({ url: tracesUrl(options.endpoint) });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    // Batches of spans every 5 s (OTEL_BSP_SCHEDULE_DELAY and the other OTEL_BSP_* variables
    // tune it), so that a request never waits for the collector.
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  // The global provider, AsyncLocalStorage context and W3C trace-context propagation.
  provider.register();

  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        requestHook(span: Span, request: { url: string; id: string }) {
          span.setAttribute('url.path', withoutQuery(request.url));
          span.setAttribute('comptoir.request_id', request.id);
        },
      }),
      // Statements with their placeholders only (enhancedDatabaseReporting stays off).
      new PgInstrumentation({ requireParentSpan: true }),
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

  return { shutdown: () => provider.shutdown() };
}
