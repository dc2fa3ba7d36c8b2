export { buildGateway, DEFAULT_WEB_DIST, type GatewayOptions } from './app.ts';
export { services, upstreamVariable } from './services.ts';
export { ensureStandaloneSecrets } from './secrets.ts';
export { GatewayConfig, loadGatewayConfig, ownedConfigSchemas } from './config.ts';
export type { Upstreams } from './upstreams.ts';
