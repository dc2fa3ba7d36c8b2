import { Counter, Registry } from 'prom-client';

/**
 * Failures counted where they happen (a bus parking an event, a job giving
 * up, the outbox relay refused by the broker), process-wide: the code that
 * counts them has no app at hand. Every /metrics of the process renders them.
 */
export const operationsRegistry = new Registry();

const parked = new Counter({
  name: 'talkwith_bus_parked_events_total',
  help: 'Events a consumer group parked (poison, or out of attempts)',
  labelNames: ['group'] as const,
  registers: [operationsRegistry],
});
const jobsFailed = new Counter({
  name: 'talkwith_jobs_failed_total',
  help: 'Job runs that failed (each attempt)',
  labelNames: ['job'] as const,
  registers: [operationsRegistry],
});
const relayFailures = new Counter({
  name: 'talkwith_outbox_relay_failures_total',
  help: 'Outbox hand-offs the broker refused (the entry is kept and retried)',
  registers: [operationsRegistry],
});

export const countParkedEvent = (group: string): void => parked.inc({ group });
export const countFailedJob = (job: string): void => jobsFailed.inc({ job });
export const countRelayFailure = (): void => relayFailures.inc();
