import { describe, expect, it } from 'vitest';
import { reachableVideos } from './reach.ts';
import { demo } from './test-fixtures.ts';

describe('reachableVideos', () => {
  it("standby, demo character, lists the start buttons' triggers (default first) and the standby loop", () => {
    const d = demo();
    const reach = reachableVideos(d.state);
    expect(reach[0]).toBe('greet');
    expect(reach).toEqual(expect.arrayContaining(['greet', 'random_a', 'random_b', 'random_c', 'mic_test', 'standby']));
  });

  it('trigger of a listening block, demo greeting, puts the next listen loop first, then every answer to what the user may say', () => {
    const d = demo();
    d.send({ type: 'start', source: 'button', buttonId: 'btn-talk' });
    const reach = reachableVideos(d.state);
    expect(reach[0]).toBe('listen_1');
    expect(reach).toEqual(
      expect.arrayContaining([
        'skip',
        'topic_food',
        'topic_travel',
        'invalid_1',
        'invalid_final',
        'silence_1',
        'summary',
      ]),
    );
    expect(new Set(reach).size).toBe(reach.length);
  });

  it('every clip the engine then plays, over a whole demo talk (kikiwasure detour included), was listed as reachable just before', () => {
    const d = demo();
    const played: Array<{ id: string; listed: boolean }> = [];
    const act = (run: () => string[]) => {
      const before = reachableVideos(d.state);
      for (const line of run()) {
        const id = /^play:[AB]:([^:@]+)/u.exec(line)?.[1];
        if (id) played.push({ id, listed: before.includes(id) });
      }
    };
    act(() => d.send({ type: 'start', source: 'button', buttonId: 'btn-talk' }));
    act(() => d.ended());
    act(() => d.say('食べ物の話'));
    act(() => d.fire('hitWordDelay'));
    act(() => d.ended());
    act(() => d.ended());
    act(() => d.say('ラーメン'));
    act(() => d.fire('hitWordDelay'));
    act(() => d.ended());
    act(() => d.ended());
    act(() => d.say('北海道'));
    act(() => d.fire('hitWordDelay'));
    act(() => d.ended());
    act(() => d.ended());
    expect(played.map((p) => p.id)).toEqual(
      expect.arrayContaining(['food_reply', 'topic_travel', 'hokkaido', 'summary', 'goodbye']),
    );
    expect(played.filter((p) => !p.listed)).toEqual([]);
  });
});
