export * from './envelope/index.ts';
export * from './http/index.ts';
export * from './events/index.ts';
export * from './socket/index.ts';
