import type { EndReason, EngineCommandOf, TalkStartRequest, TrackStepRequest } from '@talkwith/proto/dialogue';
import { TalkRefused, type LogEntry, type TalkPort } from './ports.ts';

/** How a talk begins: the start button (or "resume", "micTest"), billing's proof of the ticket used for it, the block resumed. */
export interface TalkStart {
  btn: string;
  ticketUseToken?: string | undefined;
  resumedFrom?: string | undefined;
}

/**
 * What became of the talk's start on the server: open (it has an id),
 * untracked (the server could not be reached twice: the talk goes on
 * without a record), or refused with the HTTP status (no retry can help).
 */
export type TalkOpening = { kind: 'open' } | { kind: 'untracked' } | { kind: 'refused'; status: number };

/**
 * One signed-in talk on the dialogue service, from its start to its end or
 * release (services/dialogue/API.md, Talks).
 *
 * When may a talk give its ticket back? The server refuses a release once a
 * step was tracked, so the player decides by when it sends the first step:
 * the talk counts as delivered when the first clip of the talk (the
 * character's first reply) is on screen. Until then the tracked steps wait,
 * and a failure releases the ticket: the first clip cannot play (a video
 * error or no URL), the engine ends or is stopped, the engine would not
 * start, or the user leaves the page. Once the clip is on screen the user has
 * been served: the held steps go out (the first marks the talk replied), and
 * from then on the talk only ends (the engine's end command). Leaving after
 * that sends nothing, so the tracker keeps the place and the next visit offers
 * to resume. The log socket is not part of this: it is a side channel whose
 * loss does not stop a talk.
 */
export interface TalkSession {
  /** Called just before the engine is asked to start; resolves once the server has answered (never rejects). */
  begin(start: TalkStart): Promise<TalkOpening>;
  /** A clip the engine plays: the first after begin is the one that delivers the talk. */
  clipPlaying(videoId: string): void;
  clipShown(videoId: string): void;
  /** The talk cannot go on; true when it was released (it had not been delivered), and the engine should stop. */
  failed(reason: string): boolean;
  step(command: EngineCommandOf<'trackStep'>): void;
  ended(reason: EndReason, totalBilledTime: number): void;
  /** The page goes away (or the player closes). */
  left(): void;
}

type Phase = 'awaitingFirstClip' | 'delivered' | 'closed';

interface Talk {
  id: Promise<string | null>;
  phase: Phase;
  firstClip: string | null;
  held: TrackStepRequest[];
  /** Steps are sent one after the other: the tracker upserts the place, the last step must win. */
  chain: Promise<unknown>;
}

type Report = (entry: Omit<LogEntry, 'characterId'>) => void;

export function createTalkSession(
  port: TalkPort,
  characterId: string,
  report: Report,
  newKey: () => string = () => crypto.randomUUID(),
): TalkSession {
  let talk: Talk | null = null;
  const problem = (message: string, error: unknown) =>
    report({ category: 'error', message, extra: { error: error instanceof Error ? error.message : String(error) } });

  function startOnServer(start: TalkStart): Promise<{ opening: TalkOpening; id: string | null }> {
    const body: TalkStartRequest = { character_id: characterId, btn: start.btn };
    if (start.ticketUseToken) body.ticket_use_token = start.ticketUseToken;
    if (start.resumedFrom) body.resumed_from = start.resumedFrom;
    const key = newKey();
    // One retry with the same key (the server makes it one talk), unless the server refused it; after that the talk goes on untracked.
    const retried = (error: unknown) => (error instanceof TalkRefused ? Promise.reject(error) : port.start(body, key));
    return port
      .start(body, key)
      .catch(retried)
      .then(
        (id) => ({ opening: { kind: 'open' as const }, id }),
        (error: unknown) => {
          if (error instanceof TalkRefused) {
            report({
              category: 'ticket',
              message: '会話の開始が断られました。',
              extra: { status: error.status, error: error.message, btn: start.btn },
            });
            return { opening: { kind: 'refused' as const, status: error.status }, id: null };
          }
          problem('会話の記録を開始できませんでした。', error);
          return { opening: { kind: 'untracked' as const }, id: null };
        },
      );
  }

  function send(current: Talk, step: TrackStepRequest): void {
    current.chain = current.chain.then(async () => {
      const id = await current.id;
      if (!id) return;
      await port
        .track({ ...step, talk_id: id })
        .catch((error: unknown) => problem('会話の位置を記録できませんでした。', error));
    });
  }

  function release(current: Talk, reason: string): void {
    current.phase = 'closed';
    void current.id.then(async (id) => {
      if (!id) return;
      await port.release(id, reason).then(
        () => report({ category: 'ticket', message: 'トークチケットを返却しました。', extra: { talkId: id, reason } }),
        (error: unknown) => problem('トークチケットを返却できませんでした。', error),
      );
    });
  }

  return {
    begin(start) {
      const started = startOnServer(start);
      const current: Talk = {
        id: started.then((s) => s.id),
        phase: 'awaitingFirstClip',
        firstClip: null,
        held: [],
        chain: Promise.resolve(),
      };
      talk = current;
      return started.then(({ opening }) => {
        // A refused talk is no talk: nothing to track, release or end.
        if (opening.kind === 'refused') current.phase = 'closed';
        return opening;
      });
    },
    clipPlaying(videoId) {
      if (talk?.phase === 'awaitingFirstClip' && talk.firstClip === null) talk.firstClip = videoId;
    },
    clipShown(videoId) {
      const current = talk;
      if (current?.phase !== 'awaitingFirstClip' || current.firstClip !== videoId) return;
      current.phase = 'delivered';
      for (const step of current.held.splice(0)) send(current, step);
    },
    failed(reason) {
      if (talk?.phase !== 'awaitingFirstClip') return false;
      release(talk, reason);
      return true;
    },
    step(command) {
      if (!talk || talk.phase === 'closed') return;
      const step: TrackStepRequest = {
        character_id: characterId,
        block_id: command.blockId,
        conversation_id: command.conversationId,
        utterance: command.utterance.slice(0, 500),
      };
      if (command.via) step.via = command.via;
      if (command.match) step.match = command.match;
      // How it matched, for insight: the word or synonym (cut to the request's bound) or the score.
      if (command.matchWord) step.match_word = command.matchWord.slice(0, 200);
      if (command.matchSynonym) step.match_synonym = command.matchSynonym.slice(0, 200);
      if (command.matchScore !== undefined) step.match_score = command.matchScore;
      if (talk.phase === 'awaitingFirstClip') talk.held.push(step);
      else send(talk, step);
    },
    ended(reason, totalBilledTime) {
      const current = talk;
      if (!current || current.phase === 'closed') return;
      if (current.phase === 'awaitingFirstClip') return release(current, `ended before the first clip: ${reason}`);
      current.phase = 'closed';
      // After the tracked steps, so the server sees the talk's last place before its end.
      current.chain = current.chain.then(async () => {
        const id = await current.id;
        if (id)
          await port
            .end(id, reason, totalBilledTime)
            .catch((error: unknown) => problem('会話の終了を記録できませんでした。', error));
      });
    },
    left() {
      if (talk?.phase === 'awaitingFirstClip') release(talk, 'left before the first clip');
    },
  };
}
