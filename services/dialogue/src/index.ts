import type { ServiceModule } from '@talkwith/platform';
import { DialogueConfig } from './config.ts';
import { dialoguePlugin } from './plugin.ts';

export const dialogueService: ServiceModule = {
  name: 'dialogue',
  prefixes: [
    '/api/dialogue',
    '/api/conversation_tracker',
    '/api/history',
    '/api/next_start_block',
    '/api/action',
    '/api/admin/insight',
    '/api/admin/dialogue',
    // Operators' views of a user's content; the album sits under billing's /api/admin/full/users (a parametric prefix wins over billing's wildcard).
    '/api/admin/users_content',
    '/api/admin/full/users/:id/:character_id/album',
  ],
  plugin: dialoguePlugin,
  configSchema: DialogueConfig,
};
export default dialogueService;
