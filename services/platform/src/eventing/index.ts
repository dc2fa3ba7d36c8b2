export { createEventing, type EventingOptions } from './eventing.ts';
export { dataProblem, envelopeProblem } from './validation.ts';
export { startOutbox, type Outbox, type OutboxEntry, type OutboxOptions } from './outbox.ts';
