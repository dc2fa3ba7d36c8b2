// The contract suite (contract.ts) imports vitest, so it is not exported here.
export { createLocalJobs, type LocalJobsOptions } from './local.ts';
export { createBullJobs, type BullJobsOptions } from './bull.ts';
