export type * from './bus.ts';
export type * from './store.ts';
export type * from './jobs.ts';
export type * from './cache.ts';
export type * from './search.ts';
export type * from './files.ts';
export type * from './mail.ts';
