import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCharacter } from '@talkwith/proto/dialogue';
import { initialState } from '../src/engine.ts';
import { Driver } from '../src/testing.ts';
import { validateCharacter } from '../src/validate.ts';
import { demoCharacter, soraAssetsDir, soraCharacter, SORA_PRICE, SORA_SPECIAL } from './index.ts';

// Lives beside the demo, not in proto/: the contracts package depends on no other workspace.
describe('demo character', () => {
  it('isCharacter, the demo character and a copy with a broken block, accepts only the demo', () => {
    const broken = { ...demoCharacter, blocks: [{ id: 'x' }] };

    const verdicts = [isCharacter(demoCharacter), isCharacter(broken)];

    expect(verdicts).toEqual([true, false]);
  });
});

describe('priced demo character ソラ', () => {
  it('validateCharacter, ソラ as shipped, is a valid priced character with a 5-point action and a mic test', () => {
    const paid = soraCharacter.blocks.flatMap((b) => b.action_buttons).filter((a) => (a.points ?? 0) > 0);

    expect([isCharacter(soraCharacter), validateCharacter(soraCharacter)]).toEqual([true, []]);
    expect(soraCharacter).toMatchObject({
      id: 'demo-sora',
      slug: 'sora',
      price: SORA_PRICE,
      setting: { standby_video_id: 'standby', for_mic_test: 'mic-test' },
    });
    expect(SORA_PRICE).toBeGreaterThan(0);
    expect(new Set(paid.map((a) => `${a.code}:${a.points}`))).toEqual(
      new Set([`${SORA_SPECIAL.code}:${SORA_SPECIAL.points}`]),
    );
  });

  it('manifest, ソラ as committed, lists exactly her videos with ja-JP and en-US subtitles under her id', async () => {
    const manifest = JSON.parse(await readFile(join(soraAssetsDir, 'manifest.json'), 'utf8')) as Array<{
      id: string;
      path: string;
      subtitles: Record<string, string>;
    }>;

    expect(manifest.map((m) => m.id).sort()).toEqual(soraCharacter.videos.map((v) => v.id).sort());
    for (const entry of manifest) {
      expect(entry.path).toBe(soraCharacter.videos.find((v) => v.id === entry.id)?.path);
      expect(entry.subtitles).toEqual({
        'ja-JP': `subtitles/demo-sora/ja-JP/${entry.id}.vtt`,
        'en-US': `subtitles/demo-sora/en-US/${entry.id}.vtt`,
      });
    }
  });

  it('engine, ソラ started and told 星占い, plays the horoscope then asks again with the paid button offered', () => {
    const d = new Driver(initialState(soraCharacter, { seed: 1 }));
    d.send({ type: 'ready' });

    const started = d.send({ type: 'start', source: 'button', buttonId: 'btn-talk' });
    d.ended();
    d.send({ type: 'videoTimeReached', slot: 'B', videoId: 'greet', ms: 5500 });
    d.say('星占いがいい');
    const reply = [...d.fire('hitWordDelay'), ...d.ended(), ...d.ended()];

    expect(started).toEqual(expect.arrayContaining(['track:greet:', 'actionButtons:ab-special,ab-finish']));
    expect(reply).toEqual(
      expect.arrayContaining(['track:horoscope:星占いがいい', 'track:again:', 'actionButtons:ab-special,ab-finish']),
    );
  });
});
