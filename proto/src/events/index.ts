import type { EventDefinition } from '../envelope/index.ts';
import { identityEvents } from './identity.ts';
import { platformEvents } from './platform.ts';

export * from './identity.ts';
export * from './platform.ts';

/**
 * The event catalogue: every event type that may travel on the bus. Publishers
 * and consumers validate against it. Each area adds its own file and spreads it here.
 */
export const eventCatalogue: Record<string, EventDefinition> = Object.fromEntries(
  [...platformEvents, ...identityEvents].map((d) => [d.type, d]),
);
