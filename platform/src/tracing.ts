import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Span } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

/**
 * OpenTelemetry traces, when OTEL_EXPORTER_OTLP_ENDPOINT is set (OTLP over HTTP, JSON; the exporter
 * reads the standard OTEL_* variables). Without it no provider is registered and every span below is
 * the API's no-op. The spans: each HTTP request (`GET /api/meals/:id`) and each command decided (`command LikeMeal`),
 * both carrying the request's correlation id, the one the logs and the events carry.
 */
export async function startTracing(service: string, env: NodeJS.ProcessEnv = process.env): Promise<(() => Promise<void>) | undefined> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()) return undefined;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || service }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  return () => provider.shutdown();
}

const tracer = () => trace.getTracer('hostel-meals');

/** A server span for one HTTP request; `end` with the status it answered. */
export function startRequestSpan(method: string, route: string, correlationId: string): { end(status: number): void } {
  const span: Span = tracer().startSpan(`${method} ${route}`, {
    kind: SpanKind.SERVER,
    attributes: { 'http.request.method': method, 'http.route': route, 'hostel.correlation_id': correlationId },
  });
  return {
    end(status) {
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
  };
}

/** A span for a command already decided (`seconds` long, ending now). */
export function recordCommandSpan(command: string, attributes: { correlationId: string; stream: string; outcome: string; seconds: number }): void {
  const now = Date.now();
  tracer()
    .startSpan(`command ${command}`, {
      kind: SpanKind.INTERNAL,
      startTime: now - attributes.seconds * 1000,
      attributes: { 'hostel.correlation_id': attributes.correlationId, 'hostel.stream': attributes.stream, 'hostel.outcome': attributes.outcome },
    })
    .end(now);
}
