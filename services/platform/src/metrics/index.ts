export { metricsPlugin, serviceOfRoute, bearerMatches, METRICS_PATH, type MetricsPluginOptions } from './plugin.ts';
export { createMetrics, type Metrics, type EventReaders, type RequestSample } from './registry.ts';
export { trackOpenSocket, openSockets, type SocketKind } from './sockets.ts';
export { countParkedEvent, countFailedJob, countRelayFailure, operationsRegistry } from './operations.ts';
