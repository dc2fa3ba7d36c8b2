import type { EventDefinition } from '../envelope/index.ts';
import { identityEvents } from './identity.ts';
import { platformEvents } from './platform.ts';
import { catalogEvents } from './catalog.ts';

export * from './identity.ts';
export * from './platform.ts';
export * from './catalog.ts';

/**
 * The event catalogue: every event type that may travel on the bus. Publishers
 * and consumers validate against it. Each area adds its own file and spreads it here.
 */
export const eventCatalogue: Record<string, EventDefinition> = Object.fromEntries(
  [...platformEvents, ...identityEvents, ...catalogEvents].map((d) => [d.type, d]),
);
