import { Messages } from '@talkwith/dialogue-engine';
import type { DocumentStore, Platform } from '@talkwith/platform';
import type { CredentialCipher } from '@talkwith/platform/secrets';
import type { ScoreReply, ScoreRequest } from '@talkwith/proto/dialogue';
import { loadRecognition, openedKey } from './characters.ts';
import { embeddedScore } from './keywords.ts';
import type { SpjPort } from './spj-http.ts';

export interface ScoreContext {
  store: DocumentStore;
  spj: SpjPort;
  logger: Platform['logger'];
  credentials: CredentialCipher;
  /** Where the character's recognition is read: the published one (default), or an operator's draft (draft.ts). */
  load?: typeof loadRecognition;
}

/**
 * SPJ score of an utterance in a category (API.md Recognition): the
 * character's SPJ service when it has an `spj_url`, else the embedded
 * scorer. null is an empty result (logged with §8's message), which the
 * engine's empty-result ladder handles.
 */
export async function scoreUtterance(ctx: ScoreContext, request: ScoreRequest): Promise<Omit<ScoreReply, 'ok'>> {
  const character = await (ctx.load ?? loadRecognition)(ctx.store, request.character_id);
  const recognition = character?.recognition;
  const source = recognition?.spj_url.trim() ? ('spj' as const) : ('embedded' as const);
  let score: number | null = null;
  if (recognition && source === 'spj') {
    score = await ctx.spj.score(
      {
        url: recognition.spj_url.trim(),
        apiKey: openedKey(ctx.credentials, ctx.logger, request.character_id, 'spj_api_key', recognition.spj_api_key),
      },
      { text: request.text, category: request.category },
    );
  } else if (recognition) {
    score = embeddedScore(recognition, request.category, request.text);
  }
  if (score === null) {
    const reason = character ? `no ${source} score` : 'character not published';
    ctx.logger.info(
      { character_id: request.character_id, block_id: request.block_id, category: request.category, reason },
      Messages.EMPTY_SPJ_OR_SEARCH,
    );
  }
  return { score, source };
}
