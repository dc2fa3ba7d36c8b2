export * from './api.ts';
export * from './session.ts';
export * from './errors.ts';
export { useClientConfig } from './client-config.ts';
export { hasSessionHint } from './cookies.ts';
export { adminUrl } from './adminUrl.ts';
