export { createEventing, PROCESSED_EVENTS, type EventingOptions } from './eventing.ts';
export { dataProblem, envelopeProblem } from './validation.ts';
export { startOutboxRelay, type OutboxRelay, type OutboxRelayOptions } from './outbox.ts';
export { OUTBOX, outboxBacklog, type OutboxEntry } from './outbox-entry.ts';
export { audited, type AdminActor } from './audited.ts';
export { isNotOlder, keptNotNewerThan, keySeqAs, type FactsMark } from './facts-order.ts';
export {
  announceInPages,
  announceOwedFacts,
  consumeFactsRequests,
  FACTS_PAGE_SIZE,
  pageQuery,
  recordFactsRequest,
  sectionOver,
  type FactsOwner,
  type FactsSection,
} from './facts-requests.ts';
