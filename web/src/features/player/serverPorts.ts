import { errorMessageOf } from '../../api/index.ts';
import type { AppDispatch } from '../../app/store.ts';
import { dialogueApi } from './dialogueApi.ts';
import { TalkRefused, type RecognitionPort, type TalkPort } from './ports.ts';

/** The statuses of a talk start that a retry cannot change (services/dialogue/API.md, Talks). */
const REFUSALS = new Set([402, 403, 404, 409]);

/** An RTK Query failure as an Error carrying the server's message (SPEC.md §8: message, error, or the status). */
async function settled<T>(call: { unwrap(): Promise<T> }): Promise<T> {
  try {
    return await call.unwrap();
  } catch (error) {
    const status = typeof error === 'object' && error !== null && 'status' in error ? String(error.status) : 'error';
    throw new Error(errorMessageOf(error as Parameters<typeof errorMessageOf>[0], `request failed (${status})`), {
      cause: error,
    });
  }
}

/** The HTTP status of a failure `settled` threw, when the server answered. */
function statusOfCause(error: unknown): number | null {
  const cause: unknown = error instanceof Error ? error.cause : null;
  const status = typeof cause === 'object' && cause !== null && 'status' in cause ? cause.status : null;
  return typeof status === 'number' ? status : null;
}

/**
 * The runner's recognition and talk ports over the dialogue service
 * (RTK Query mutations dispatched outside React: the runner is no component).
 * A failed call rejects, which the runner turns into requestFailed or a log line.
 */
export function serverRecognition(dispatch: AppDispatch): RecognitionPort {
  return {
    search: async (request) => (await settled(dispatch(dialogueApi.endpoints.dialogueSearch.initiate(request)))).hits,
    score: async (request) => (await settled(dispatch(dialogueApi.endpoints.dialogueScore.initiate(request)))).score,
    understand: async (request) =>
      (await settled(dispatch(dialogueApi.endpoints.dialogueUnderstand.initiate(request)))).matches,
    unmatched: async (request) => {
      await settled(dispatch(dialogueApi.endpoints.reportUnmatched.initiate(request)));
    },
  };
}

export function serverTalks(dispatch: AppDispatch): TalkPort {
  return {
    start: async (body, key) => {
      try {
        return (await settled(dispatch(dialogueApi.endpoints.startTalk.initiate({ key, body })))).talk.talk_id;
      } catch (error) {
        const status = statusOfCause(error);
        throw status !== null && REFUSALS.has(status) ? new TalkRefused((error as Error).message, status) : error;
      }
    },
    track: async (body) => {
      await settled(dispatch(dialogueApi.endpoints.trackStep.initiate(body)));
    },
    release: async (talkId, reason) => {
      await settled(dispatch(dialogueApi.endpoints.releaseTalk.initiate({ talkId, body: { reason } })));
    },
    end: async (talkId, reason, totalBilledTime) => {
      // The engine counts milliseconds; the talk records seconds (at most a day, the contract's bound).
      const seconds = Math.min(86_400, Math.max(0, Math.round(totalBilledTime) / 1000));
      await settled(
        dispatch(dialogueApi.endpoints.endTalk.initiate({ talkId, body: { reason, total_billed_time: seconds } })),
      );
    },
  };
}
