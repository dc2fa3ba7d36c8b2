import type { ServiceModule } from '@talkwith/platform';
import { dialoguePlugin } from './plugin.ts';

export const dialogueService: ServiceModule = {
  name: 'dialogue',
  prefixes: ['/api/dialogue'],
  plugin: dialoguePlugin,
};
export default dialogueService;
