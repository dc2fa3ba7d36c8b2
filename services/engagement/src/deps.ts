import type { FastifyPluginAsync } from 'fastify';
import type { Platform } from '@talkwith/platform';
import type { EngagementConfig } from './config.ts';

/** What every engagement area is handed: the ports and its validated config. */
export interface EngagementDeps {
  platform: Platform;
  config: EngagementConfig;
}

export interface Closer {
  close(): Promise<void>;
}

/**
 * One area of engagement (notifications, serials, contacts, campaigns; API.md).
 * The plugin registers `routes`, calls `prepare` while the app is built
 * (indexes, job handlers: defined before the job queue starts) and `start`
 * once it is ready (event consumers, repeating jobs).
 */
export interface EngagementArea {
  name: string;
  routes: FastifyPluginAsync<EngagementDeps>;
  prepare?(deps: EngagementDeps): Promise<void>;
  start?(deps: EngagementDeps): Promise<Closer[]>;
}
