import { loadConfig } from './config';
import type { Tracing } from './observability/tracing';

/**
 * The API's entry point. Traces, when OTEL_EXPORTER_OTLP_ENDPOINT is set (decision 0118), start
 * before the rest of the API is imported: the libraries they follow (pg, ioredis) are patched as
 * they load. A configuration error is left to start(), which explains it.
 */
async function startTracingIfConfigured(): Promise<Tracing | null> {
  let endpoint: string | undefined;
  let serviceName = '';
  try {
    ({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: serviceName } = loadConfig(
      process.env,
    ));
  } catch {
    return null;
  }
  if (endpoint === undefined) return null;
  const { startTracing } = await import('./observability/tracing');
  return startTracing({ endpoint, serviceName });
}

const tracing = await startTracingIfConfigured();
const { start } = await import('./api-server');
await start(tracing);
