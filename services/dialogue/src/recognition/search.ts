import { normalizeJapanese, Messages } from '@talkwith/dialogue-engine';
import { isAppError, type DocumentStore, type Platform, type SearchIndex } from '@talkwith/platform';
import type { RecognitionBlock, SearchReply, SearchRequest } from '@talkwith/proto/dialogue';
import { indexNameOf, type BlockDoc } from './block-index.ts';
import { loadRecognition, type RecognitionCharacterDoc } from './characters.ts';
import { CONTAINED, keywordScore, phrasesOf } from './keywords.ts';

export interface SearchContext {
  store: DocumentStore;
  search: SearchIndex;
  logger: Platform['logger'];
  /** Where the character's recognition is read: the published one (default), or an operator's draft (draft.ts). */
  load?: typeof loadRecognition;
}

type SearchHit = SearchReply['hits'][number];

/** The best search-port hit among the candidates: below a contained phrase's 100, the others in proportion. */
const BEST_PORT_SCORE = CONTAINED - 1;

/**
 * Ranks the request's candidate blocks for the utterance (API.md
 * Recognition): 100 when a phrase of the block occurs in the utterance, else
 * the better of the search port's score (normalised: the best candidate it
 * found is 99) and the bigram overlap with a phrase. Best first, candidates
 * only, score > 0. Nothing to rank is the engine's empty result, logged
 * with §8's message.
 */
export async function searchUtterance(ctx: SearchContext, request: SearchRequest): Promise<SearchHit[]> {
  const character = await (ctx.load ?? loadRecognition)(ctx.store, request.character_id);
  const hits = character ? await rank(ctx, character, request) : [];
  if (hits.length === 0) {
    const reason = character ? 'no candidate matched' : 'character not published';
    ctx.logger.info(
      { character_id: request.character_id, block_id: request.block_id, reason },
      Messages.EMPTY_SPJ_OR_SEARCH,
    );
  }
  return hits;
}

async function rank(
  ctx: SearchContext,
  character: RecognitionCharacterDoc,
  request: SearchRequest,
): Promise<SearchHit[]> {
  const blocks = new Map(character.recognition.blocks.map((b) => [b.block_id, b]));
  const candidates = [...new Set(request.candidates)].flatMap((id) => blocks.get(id) ?? []);
  if (candidates.length === 0 || normalizeJapanese(request.text) === '') return [];
  const byPhrase = candidates.map((block: RecognitionBlock) => ({
    block_id: block.block_id,
    score: keywordScore(request.text, phrasesOf(block)),
  }));
  // The port cannot raise a contained phrase's 100: when every candidate has one, it is not asked.
  const open = new Set(byPhrase.filter((h) => h.score < CONTAINED).map((h) => h.block_id));
  const fromPort = open.size > 0 ? await portScores(ctx, character, request.text, open) : new Map<string, number>();
  const hits = byPhrase.map((h) => ({ block_id: h.block_id, score: Math.max(h.score, fromPort.get(h.block_id) ?? 0) }));
  // A stable sort: equal scores keep the order the block lists its candidates in.
  return hits.filter((h) => h.score > 0).sort((a, b) => b.score - a.score);
}

/** The port's scores of the candidates it found, normalised to 1–99; empty when the index cannot be searched (logged). */
async function portScores(
  ctx: SearchContext,
  character: RecognitionCharacterDoc,
  text: string,
  candidates: Set<string>,
): Promise<Map<string, number>> {
  const index = indexNameOf(character._id, character.recognition);
  try {
    const { hits } = await ctx.search.search<BlockDoc>(index, {
      text,
      fields: ['text'],
      filter: { character_id: character._id },
      size: Math.max(1, character.recognition.blocks.length),
    });
    const found = hits.filter((h) => candidates.has(h.doc.block_id) && h.score > 0);
    const top = Math.max(...found.map((h) => h.score));
    return new Map(found.map((h) => [h.doc.block_id, Math.max(1, Math.round((BEST_PORT_SCORE * h.score) / top))]));
  } catch (err) {
    // The phrases still rank. An AppError is the index missing or its name refused (a setting to fix); else the port is down.
    const setting = isAppError(err);
    const reason = setting ? err.code : (err as Error).name;
    ctx.logger.warn(
      { character_id: character._id, index, reason },
      setting ? Messages.INVALID_SPJ_OR_SEARCH : Messages.EMPTY_SPJ_OR_SEARCH,
    );
    return new Map();
  }
}
