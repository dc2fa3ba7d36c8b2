import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { UNMATCHED_TEXT_MAX } from './constants.ts';
import { ActionButton } from './block.ts';
import { Character, StartButton } from './character.ts';
import { VideoSlotName } from './session.ts';

/** Inputs to and commands from the dialogue engine: the contract between the engine and the web player or dialogue service. */

const Kind = <K extends string, P extends Record<string, TSchema>>(type: K, props: P) =>
  Type.Object({ type: Type.Literal(type), ...props });

export const TimerName = Type.Union(
  [Type.Literal('silence'), Type.Literal('recognition'), Type.Literal('hitWordDelay')],
  {
    description:
      'silence: no-input limit; recognition: max_recognition_time; hitWordDelay: wait before leaving after a hit',
  },
);
export type TimerName = Static<typeof TimerName>;

export const StartSource = Type.Union([Type.Literal('button'), Type.Literal('resume'), Type.Literal('micTest')]);
export const SearchHit = Type.Object({ block_id: Type.String(), score: Type.Number() });
/** How a hit word was found in an utterance on the server: its characters, its reading, a base form of an inflected word, or one of the operator's synonyms of it. */
export const MatchVia = Type.Union([
  Type.Literal('surface'),
  Type.Literal('reading'),
  Type.Literal('base'),
  Type.Literal('synonym'),
]);
export type MatchVia = Static<typeof MatchVia>;
/**
 * How the utterance that led into a block was understood (insight's confidence): a hit word by one of
 * the MatchVia ways, a search hit, or an SPJ score at or above spj_out_score.
 */
export const MatchKind = Type.Union([...MatchVia.anyOf, Type.Literal('search'), Type.Literal('score')]);
export type MatchKind = Static<typeof MatchKind>;
/** One place a block's hit word was found (negated: said as what the user does not want, 「京都じゃなくて」). */
export const HitWordMatch = Type.Object({
  word: Type.String(),
  negated: Type.Boolean(),
  via: MatchVia,
  synonym: Type.Optional(Type.String({ description: "via synonym: the operator's synonym that was said" })),
});
export type HitWordMatch = Static<typeof HitWordMatch>;

export const EngineInput = Type.Union([
  Kind('ready', {}),
  Kind('start', { source: StartSource, buttonId: Type.Optional(Type.String()), blockId: Type.Optional(Type.String()) }),
  Kind('videoEnded', { slot: VideoSlotName, videoId: Type.String() }),
  Kind('videoTimeReached', { slot: VideoSlotName, videoId: Type.String(), ms: Type.Number() }),
  Kind('speechInterim', { text: Type.String() }),
  Kind('speechFinal', { text: Type.String() }),
  Kind('timerFired', { timer: TimerName }),
  Kind('searchResult', { requestId: Type.String(), hits: Type.Array(SearchHit) }),
  Kind('scoreResult', { requestId: Type.String(), score: Type.Union([Type.Number(), Type.Null()]) }),
  Kind('requestFailed', { requestId: Type.String(), message: Type.String() }),
  Kind('understandResult', { requestId: Type.String(), matches: Type.Array(HitWordMatch) }),
  Kind('actionButton', { buttonId: Type.String() }),
  Kind('pause', {}),
  Kind('resume', {}),
  Kind('stop', {}),
  Kind('switchCharacter', { character: Character }),
]);
export type EngineInput = Static<typeof EngineInput>;

const L = Type.Literal;
export const LogCategory = Type.Union(
  [
    L('error'),
    L('connect'),
    L('play'),
    L('speech'),
    L('other'),
    L('camera'),
    L('admin'),
    L('subscription'),
    L('ticket'),
    L('point'),
  ],
  { description: 'log categories of SPEC.md §4' },
);
export type LogCategory = Static<typeof LogCategory>;

export const EndReason = Type.Union(
  [L('completed'), L('stopped'), L('invalid'), L('silence'), L('spjEmpty'), L('button'), L('switched'), L('error')],
  { description: 'why the conversation ended' },
);
export type EndReason = Static<typeof EndReason>;

/**
 * How a block was entered (trackStep.via): start (a start button, the default one or the mic test), resume,
 * button (an action button), forced (force_blocks), hitWord (a hit_words route), valid (the block's hit_word
 * list or valid_response: listen_next_block), search (a search hit), score (an SPJ score at or above
 * spj_out_score), notHit (not_hitword_blocks), empty (spj_empty_blocks after empty results), spjOut
 * (spj_out_block_id after low scores), invalid (invalid_final_block, the end of the no-match ladder),
 * silence (silence_final_blocks, the end of the no-input ladder), final (play_final_block of a block that
 * does not listen), random (a used-up random block's end block), flow (kikiwasure and anything else the
 * engine decides by itself). A replacement block keeps the via of the block it replaces.
 */
export const StepVia = Type.Union(
  [
    L('start'),
    L('resume'),
    L('button'),
    L('forced'),
    L('hitWord'),
    L('valid'),
    L('search'),
    L('score'),
    L('notHit'),
    L('empty'),
    L('spjOut'),
    L('invalid'),
    L('silence'),
    L('final'),
    L('random'),
    L('flow'),
  ],
  { description: 'how the block was entered' },
);
export type StepVia = Static<typeof StepVia>;

/** Why a final utterance went unanswered: invalid (it led to the no-match ladder), empty (an empty search or SPJ result). */
export const UnmatchedReason = Type.Union([L('invalid'), L('empty')]);
export type UnmatchedReason = Static<typeof UnmatchedReason>;
export { UNMATCHED_TEXT_MAX } from './constants.ts';

export const SummaryItem = Type.Object({ slot: Type.String(), label: Type.String(), value: Type.String() });

export const EngineCommand = Type.Union([
  Kind('playVideo', {
    slot: VideoSlotName,
    videoId: Type.String(),
    path: Type.String(),
    title: Type.String(),
    loop: Type.Boolean(),
    loopCount: Type.Integer({ description: '0 = until replaced' }),
    notifyAtMs: Type.Union([Type.Number(), Type.Null()], {
      description: 'report videoTimeReached at this playback time',
    }),
  }),
  Kind('preloadVideo', { slot: VideoSlotName, videoId: Type.String(), path: Type.String() }),
  Kind('pauseVideo', {}),
  Kind('resumeVideo', {}),
  Kind('showSubtitles', {
    characterId: Type.String(),
    videoId: Type.String(),
    name: Type.String({ description: 'title without .mp4' }),
  }),
  Kind('micOn', { delayMs: Type.Number(), showIndicator: Type.Boolean() }),
  Kind('micOff', {}),
  Kind('startTimer', { timer: TimerName, ms: Type.Number() }),
  Kind('cancelTimer', { timer: TimerName }),
  Kind('showStartButtons', { buttons: Type.Array(StartButton) }),
  Kind('showActionButtons', { buttons: Type.Array(ActionButton) }),
  Kind('showRecognitionText', { text: Type.String(), final: Type.Boolean() }),
  Kind('showPreviousSpeech', { text: Type.String() }),
  Kind('requestSearch', {
    requestId: Type.String(),
    text: Type.String(),
    index: Type.String(),
    candidates: Type.Array(Type.String()),
  }),
  Kind('requestScore', { requestId: Type.String(), text: Type.String(), category: Type.String() }),
  Kind('requestUnderstand', { requestId: Type.String(), text: Type.String() }),
  Kind('fillSlot', { name: Type.String(), value: Type.String() }),
  Kind('showSummary', { title: Type.String(), items: Type.Array(SummaryItem) }),
  Kind('trackStep', {
    characterId: Type.String(),
    blockId: Type.String(),
    conversationId: Type.Union([Type.String(), Type.Null()]),
    utterance: Type.String(),
    via: Type.Optional(StepVia),
    match: Type.Optional(MatchKind),
    routed: Type.Optional(
      Type.Object(
        { blockId: Type.String(), via: StepVia },
        {
          description:
            'the route taken, when the block it named sent the talk elsewhere (kikiwasure, a random end, a replacement block)',
        },
      ),
    ),
    matchWord: Type.Optional(Type.String({ description: 'match by a hit word: the hit word' })),
    matchSynonym: Type.Optional(Type.String({ description: "match synonym: the operator's synonym said for it" })),
    matchScore: Type.Optional(Type.Number({ description: 'match search or score: the search or SPJ score' })),
  }),
  Kind('unmatched', {
    blockId: Type.String(),
    text: Type.String({ maxLength: UNMATCHED_TEXT_MAX }),
    reason: UnmatchedReason,
    bestScore: Type.Optional(
      Type.Number({ description: 'the best search or SPJ score it got, too low to answer (search and score only)' }),
    ),
    nearestBlockId: Type.Optional(Type.String({ description: 'the candidate block of that best search hit' })),
  }),
  Kind('log', { category: LogCategory, message: Type.String(), extra: Type.Record(Type.String(), Type.Unknown()) }),
  Kind('end', { reason: EndReason, totalBilledTime: Type.Number() }),
]);
export type EngineCommand = Static<typeof EngineCommand>;
export type EngineCommandOf<T extends EngineCommand['type']> = Extract<EngineCommand, { type: T }>;
export type EngineInputOf<T extends EngineInput['type']> = Extract<EngineInput, { type: T }>;
