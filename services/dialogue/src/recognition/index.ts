import type { DialogueArea } from '../deps.ts';
import { sealRecognitionCredentials } from './characters.ts';
import { onCharacterPublished, onCharacterUnpublished } from './consumer.ts';
import { recognitionRoutes } from './routes.ts';
import { onDraftTried } from './draft.ts';

/** Recognition on the server: the block index, search, SPJ scoring, action codes (API.md). */
export const recognitionArea: DialogueArea = {
  name: 'recognition',
  start: async ({ platform, credentials }) => {
    const sealed = await sealRecognitionCredentials(platform.store, credentials);
    if (sealed > 0) platform.logger.info({ characters: sealed }, 'recognition keys stored in clear were sealed');
    return [
      // One group for both types, so a publish and a later unpublish are handled in the order they happened.
      await platform.events.consume(
        'dialogue-recognition',
        ['character.published', 'character.unpublished'],
        async (event, tx) => {
          if (event.type === 'character.published') await onCharacterPublished(platform, event, tx);
          else await onCharacterUnpublished(platform, event, tx);
        },
      ),
      await platform.events.consume('dialogue-draft-recognition', ['character.draft_tried'], (event, tx) =>
        onDraftTried(platform, event, tx),
      ),
    ];
  },
  routes: recognitionRoutes,
};
