import type { ServiceUnderTest } from '@talkwith/platform/platform';
import type { StepVia } from '@talkwith/proto/dialogue';
import { randomAddress } from '../recognition/test-kit.ts';
import { newId, talksTestKit } from '../talks/test-kit.ts';
import { openInsightSteps } from './model.ts';

/** TEST SUPPORT: the insight area's API tests: scripted talks, unmatched reports and the admin reads, each with fresh ids. */
export function insightTestKit(svc: () => ServiceUnderTest) {
  const talks = talksTestKit(svc);
  const admin = () => ({ authorization: `Bearer ${svc().tokenFor(newId('admin'), ['admin'])}` });
  const get = (url: string, headers: Record<string, string> = admin()) =>
    svc().app.inject({ method: 'GET', url, headers });

  /** One user's talk through `blocks` (block:via), ended with `end` unless it is null; returns the talk id. */
  async function scriptedTalk(characterId: string, blocks: [string, StepVia][], end: string | null): Promise<string> {
    const user = newId('u');
    const talkId = await talks.startedTalkId(user, { character_id: characterId });
    for (const [block_id, via] of blocks) {
      const res = await talks.post(user, '/api/conversation_tracker', {
        character_id: characterId,
        block_id,
        talk_id: talkId,
        via,
        conversation_id: null,
        utterance: '',
      });
      if (res.statusCode !== 200) throw new Error(`step failed: ${res.body}`);
    }
    if (end !== null) await talks.end(user, talkId, end);
    return talkId;
  }

  return {
    ...talks,
    admin,
    get,
    scriptedTalk,
    /** Moves a talk's steps `ms` into the past (a talk left long ago). */
    async backdate(talkId: string, ms: number): Promise<void> {
      const steps = openInsightSteps(svc().platform.store);
      for (const step of await steps.find({ talk_id: talkId })) {
        await steps.updateOne({ _id: step._id }, { $set: { at: new Date(Date.parse(step.at) - ms).toISOString() } });
      }
    },
    unmatched: (body: Record<string, unknown>, options: { address?: string; headers?: Record<string, string> } = {}) =>
      svc().app.inject({
        method: 'POST',
        url: '/api/dialogue/unmatched',
        payload: body,
        remoteAddress: options.address ?? randomAddress(),
        headers: options.headers ?? {},
      }),
  };
}
