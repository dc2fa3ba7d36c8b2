import type { Static } from '@sinclair/typebox';
import type { EventDefinition, EventEnvelope } from '../envelope/index.ts';
import { identityEvents } from './identity.ts';
import { platformEvents } from './platform.ts';
import { catalogEvents } from './catalog.ts';
import { billingEvents } from './billing.ts';
import { engagementEvents } from './engagement.ts';
import { dialogueEvents } from './dialogue.ts';

export * from './identity.ts';
export * from './platform.ts';
export * from './catalog.ts';
export * from './billing.ts';
export * from './engagement.ts';
export * from './dialogue.ts';

const definitions = [
  ...platformEvents,
  ...identityEvents,
  ...catalogEvents,
  ...billingEvents,
  ...engagementEvents,
  ...dialogueEvents,
];
type Definition = (typeof definitions)[number];

/** Every event type that may travel on the bus. */
export type EventType = Definition['type'];

/** Event type → the static type of its data: `publish` and `consume` are typed by the name. */
export type EventMap = { [D in Definition as D['type']]: Static<D['data']> };

/** The envelope of one event type, its `type` narrowed so a union of them discriminates. */
export type EventOf<K extends EventType> = { [P in K]: EventEnvelope<EventMap[P]> & { type: P } }[K];

/**
 * The event catalogue: every event type that may travel on the bus. Publishers
 * and consumers validate against it. Each area adds its own file and spreads it here.
 */
export const eventCatalogue: Readonly<Record<string, EventDefinition>> = Object.fromEntries(
  definitions.map((d) => [d.type, d]),
);
