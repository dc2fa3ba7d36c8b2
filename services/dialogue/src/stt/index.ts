import type { DialogueArea } from '../deps.ts';
import { sttConfigFrom } from './config.ts';
import { sttRoutes } from './routes.ts';

/** Server speech-to-text: the /api/dialogue/stt WebSocket and its Google Cloud Speech-to-Text adapter (API.md § Speech-to-text). */
export const sttArea: DialogueArea = {
  name: 'stt',
  routes: async (app, { platform, config, credentials }) => {
    await app.register(sttRoutes, { platform, limits: sttConfigFrom(config), credentials });
  },
};
