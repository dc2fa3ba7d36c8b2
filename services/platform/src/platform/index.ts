export { platformConfigSchema, loadPlatformConfig, type PlatformConfig } from './config.ts';
export { readiness, type Readiness } from './readiness.ts';
export { createPlatform, closePlatform, type PlatformOptions } from './create.ts';
export { buildServiceApp, runService, loadServiceConfig, checkOwnConfig, DEFAULT_BODY_LIMIT } from './serve.ts';
export {
  NO_WARMUP,
  startServiceForTest,
  TEST_CREDENTIALS,
  TEST_JWT_SECRET,
  type ServiceUnderTest,
} from './test-service.ts';
export { kafkaOptionsFromUrl } from './kafka-url.ts';
