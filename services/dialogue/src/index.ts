import type { ServiceModule } from '@talkwith/platform';
import { DialogueConfig } from './config.ts';
import { dialoguePlugin } from './plugin.ts';

export const dialogueService: ServiceModule = {
  name: 'dialogue',
  prefixes: ['/api/dialogue', '/api/conversation_tracker', '/api/history', '/api/next_start_block', '/api/action', '/api/admin/insight'],
  plugin: dialoguePlugin,
  configSchema: DialogueConfig,
};
export default dialogueService;
