import type { FastifyPluginAsync } from 'fastify';
import type { Entitlements, Platform } from '@talkwith/platform';
import type { CredentialCipher } from '@talkwith/platform/secrets';
import type { DialogueConfig } from './config.ts';

/** What every dialogue area is handed: the ports and its validated config. */
export interface DialogueDeps {
  platform: Platform;
  config: DialogueConfig;
  /** Who may play which character (the platform's entitlement check, projected into dialogue's store). */
  entitlements: Entitlements;
  /** Opens the characters' SPJ keys and google_keys, which arrive and are kept sealed (platform/secrets). */
  credentials: CredentialCipher;
}

export interface Closer {
  close(): Promise<void>;
}

/**
 * One area of dialogue (characters, recognition, talks; API.md). The plugin
 * registers `routes`, calls `prepare` while the app is built (indexes) and
 * `start` once it is ready (event consumers).
 */
export interface DialogueArea {
  name: string;
  routes: FastifyPluginAsync<DialogueDeps>;
  prepare?(deps: DialogueDeps): Promise<void>;
  start?(deps: DialogueDeps): Promise<Closer[]>;
}
