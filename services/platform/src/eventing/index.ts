export { createEventing, PROCESSED_EVENTS, type EventingOptions } from './eventing.ts';
export { dataProblem, envelopeProblem } from './validation.ts';
export { startOutboxRelay, type OutboxRelay, type OutboxRelayOptions } from './outbox.ts';
export { OUTBOX, outboxBacklog, type OutboxEntry } from './outbox-entry.ts';
export { audited, type AdminActor } from './audited.ts';
export { answerFactsRequest, consumeFactsRequests, type FactsOwner } from './facts-requests.ts';
