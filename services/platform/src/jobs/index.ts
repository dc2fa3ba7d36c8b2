import type * as BullModule from './bull.ts';
// The contract suite (contract.ts) imports vitest, so it is not exported here.
export { createLocalJobs, type LocalJobsOptions } from './local.ts';
export type { BullJobsOptions } from './bull.ts';
/** Loads bullmq on first use: embedded deployments never pay for importing it. */
export async function createBullJobs(
  options: BullModule.BullJobsOptions,
): ReturnType<typeof BullModule.createBullJobs> {
  return (await import('./bull.ts')).createBullJobs(options);
}
