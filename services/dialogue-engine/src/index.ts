export { initialState, step, type StepResult } from './engine.ts';
export type { EngineOptions, EngineState, Runtime, Continuation, Phase } from './state.ts';
export { normalizeJapanese, containsWord, splitWordList, katakanaToHiragana } from './normalize.ts';
export { Messages, type MessageCode } from './messages.ts';
export {
  validateCharacter,
  blockBlockReferences,
  blockVideoReferences,
  type BlockReference,
  type ValidationProblem,
} from './validate.ts';
export { reachableVideos } from './reach.ts';
export { fieldInWords } from './field-words.ts';
export { reachableBlocks } from './graph-faults.ts';
export { blockListens } from './routes.ts';
export { invalidLimit } from './invalid.ts';
export {
  DEFAULT_LANGUAGE,
  hitWordDecision,
  literalMatcher,
  negatedAfter,
  routeWords,
  type HitWordDecision,
  type MatchVia,
  type WordMatch,
  type WordMatcher,
} from './hit-words.ts';
export { matcherFor, normalizeSpaced, spacedMatcher } from './talk-language.ts';
export { playScript, blockName, type ScriptOptions, type ServerRequest } from './script.ts';
