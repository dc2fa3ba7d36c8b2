export * from './readable.ts';
