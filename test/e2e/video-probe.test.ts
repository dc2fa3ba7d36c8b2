import { describe, expect, it } from 'vitest';
import {
  analyzeProbe,
  percentile,
  videoProbeScript,
  type ProbeData,
  type ProbeFrame,
  type ProbeRender,
} from './video-probe.ts';

// A 60 Hz screen and 15 fps clips: one clip frame lasts four rendering frames.
const VSYNC = 1000 / 60;
const FRAME = 4 * VSYNC;
const at = (tick: number) => tick * VSYNC;

/** One clip played on element `i` from rendering frame `start`: `played` of its `total` frames. */
interface Play {
  i: number;
  src: string;
  start: number;
  played: number;
  total: number;
  loadedAt?: number;
  /** Rendering frames its frame 0 lasts (its clock starting late); 4 (one clip frame) unless given. */
  firstHold?: number;
}

/**
 * Made-up recordings: every clip frame is presented on the vsync grid (expectedDisplayTime = now),
 * `active(tick)` says which element carries the active class, `ready(tick)` its readyState.
 */
function recording(
  plays: Play[],
  active: (tick: number) => number,
  ticks: number,
  ready: (tick: number) => number = () => 4,
): ProbeData {
  const frames: ProbeFrame[] = plays.flatMap((play) =>
    Array.from({ length: play.played }, (_, k) => {
      const tick = play.start + (k === 0 ? 0 : (play.firstHold ?? 4) + 4 * (k - 1));
      return {
        i: play.i,
        src: play.src,
        mediaTime: k / 15,
        presentedFrames: k + 1,
        expectedDisplayTime: at(tick),
        now: at(tick),
        duration: play.total / 15,
      };
    }),
  );
  const loads = plays.map((play) => ({ i: play.i, t: at(play.loadedAt ?? play.start) - 1, src: play.src }));
  const srcAt = (i: number, tick: number) => loads.filter((l) => l.i === i && l.t <= at(tick)).at(-1)?.src ?? '';
  const renders: ProbeRender[] = Array.from({ length: ticks }, (_, tick) => {
    const element = active(tick);
    return {
      now: at(tick),
      active: element,
      count: element < 0 ? 0 : 1,
      readyState: element < 0 ? 0 : ready(tick),
      src: element < 0 ? '' : srcAt(element, tick),
    };
  });
  return { frames, renders, loads, marks: [], faults: [] };
}

/** greet: 10 frames on element 0 from tick 0; listen: on element 1 from tick 40, preloaded, shown by the class at tick 40. */
const naturalSwitch = () =>
  recording(
    [
      { i: 0, src: '/v/greet.mp4', start: 0, played: 10, total: 10 },
      { i: 1, src: '/v/listen.mp4', start: 40, played: 6, total: 36, loadedAt: 10 },
    ],
    (tick) => (tick < 40 ? 0 : 1),
    64,
  );

describe('video probe analysis', () => {
  it('video probe, the next clip shown in the rendering frame after the last frame of the old one, reports a natural switch of 66.7 ms (one frame) and no blank frame', () => {
    const data = naturalSwitch();

    const result = analyzeProbe(data);

    expect(result.switches).toHaveLength(1);
    expect(result.switches[0]).toMatchObject({
      kind: 'natural',
      fromSrc: '/v/greet.mp4',
      toSrc: '/v/listen.mp4',
      fromElement: 0,
      toElement: 1,
    });
    expect(result.switches[0]?.gapMs).toBeCloseTo(FRAME, 6);
    expect(result.switches[0]?.gapFrames).toBeCloseTo(1, 6);
    expect(result.switches[0]?.holdMs).toBeCloseTo(FRAME, 6);
    expect(result.switches[0]?.toMovingMs).toBeCloseTo(2 * FRAME, 6);
    expect(result.blankFrames).toBe(0);
  });

  it('video probe, frames displayed at their callback time and the next clip shown by a class flip, reports the hold and the old last frame → frame 1 by display time a vsync shorter (a class flip reaches the screen a vsync after its update)', () => {
    const data = naturalSwitch();

    const result = analyzeProbe(data);

    expect(result.switches[0]?.holdMs).toBeCloseTo(FRAME, 6);
    expect(result.switches[0]?.holdDisplayMs).toBeCloseTo(FRAME - VSYNC, 6);
    expect(result.switches[0]?.toMovingDisplayMs).toBeCloseTo(2 * FRAME, 6);
  });

  it('video probe, a new clip whose frame 1 comes 6 rendering frames after its frame 0, reports a 100 ms frame-0 hold and 166.7 ms from the old last frame to the first moving one', () => {
    const data = recording(
      [
        { i: 0, src: '/v/greet.mp4', start: 0, played: 10, total: 10 },
        { i: 1, src: '/v/listen.mp4', start: 40, played: 6, total: 36, loadedAt: 10, firstHold: 6 },
      ],
      (tick) => (tick < 40 ? 0 : 1),
      70,
    );

    const result = analyzeProbe(data);

    expect(result.switches[0]?.gapMs).toBeCloseTo(FRAME, 6);
    expect(result.switches[0]?.holdMs).toBeCloseTo(6 * VSYNC, 6);
    expect(result.switches[0]?.toMovingMs).toBeCloseTo(FRAME + 6 * VSYNC, 6);
  });

  it('video probe, a new clip replaced before its frame 1, has no frame-0 hold (NaN)', () => {
    const data = recording(
      [
        { i: 0, src: '/v/greet.mp4', start: 0, played: 10, total: 10 },
        { i: 1, src: '/v/listen.mp4', start: 40, played: 1, total: 36, loadedAt: 10 },
        { i: 2, src: '/v/skip.mp4', start: 43, played: 6, total: 36, loadedAt: 10 },
      ],
      (tick) => (tick < 40 ? 0 : tick < 43 ? 1 : 2),
      70,
    );

    const result = analyzeProbe(data);

    expect(result.switches).toHaveLength(2);
    expect(result.switches[0]?.holdMs).toBeNaN();
    expect(result.switches[1]?.holdMs).toBeCloseTo(FRAME, 6);
  });

  it('video probe, the class moved to an element that shows its first frame 200 ms later, counts 12 blank frames and a 266.7 ms gap', () => {
    const data = recording(
      [
        { i: 0, src: '/v/greet.mp4', start: 0, played: 10, total: 10 },
        // Its source is set at tick 40 with the class; its first frame comes 12 rendering frames later.
        { i: 1, src: '/v/listen.mp4', start: 52, played: 4, total: 36, loadedAt: 40 },
      ],
      (tick) => (tick < 40 ? 0 : 1),
      70,
    );

    const result = analyzeProbe(data);

    expect(result.blankFrames).toBe(12);
    expect(result.blankEpisodes).toEqual([
      expect.objectContaining({ reason: 'no-frame', frames: 12, src: '/v/listen.mp4' }),
    ]);
    expect(result.switches[0]?.gapMs).toBeCloseTo(FRAME + 12 * VSYNC, 6);
  });

  it('video probe, no video visible or the visible one not ready, counts those rendering frames as blank', () => {
    const data = recording(
      [{ i: 0, src: '/v/standby.mp4', start: 0, played: 20, total: 45 }],
      (tick) => (tick >= 20 && tick < 23 ? -1 : 0),
      80,
      (tick) => (tick >= 50 && tick < 52 ? 1 : 4),
    );

    const result = analyzeProbe(data);

    expect(result.blankFrames).toBe(5);
    expect(result.blankEpisodes.map((e) => [e.reason, e.frames])).toEqual([
      ['no-video', 3],
      ['not-ready', 2],
    ]);
  });

  it('video probe, a clip cut before its end, reports an interrupt; the same clip restarted on its element after its end, a loop', () => {
    const data = recording(
      [
        { i: 0, src: '/v/listen.mp4', start: 0, played: 36, total: 36 },
        { i: 0, src: '/v/listen.mp4', start: 144, played: 5, total: 36, loadedAt: 0 },
        { i: 1, src: '/v/skip.mp4', start: 164, played: 3, total: 21, loadedAt: 100 },
      ],
      (tick) => (tick < 164 ? 0 : 1),
      180,
    );

    const result = analyzeProbe(data);

    expect(result.switches.map((s) => s.kind)).toEqual(['loop', 'interrupt']);
    expect(result.switches[1]).toMatchObject({ fromSrc: '/v/listen.mp4', toSrc: '/v/skip.mp4' });
    expect(result.switches[1]?.lastMediaTime).toBeCloseTo(4 / 15, 6);
    expect(result.blankFrames).toBe(0);
  });

  it('video probe, the poster before the first clip is not blank, and a submit mark gets its latency to the next clip', () => {
    const data = recording(
      [
        { i: 0, src: '/v/listen.mp4', start: 10, played: 30, total: 36, loadedAt: 0 },
        { i: 1, src: '/v/reply.mp4', start: 130, played: 3, total: 30, loadedAt: 100 },
      ],
      (tick) => (tick < 130 ? 0 : 1),
      142,
    );
    data.marks.push({ label: 'submit', t: at(100) });

    const result = analyzeProbe(data);

    expect(result.firstShownAt).toBe(at(10));
    expect(result.blankFrames).toBe(0);
    expect(result.latencies).toHaveLength(1);
    expect(result.latencies[0]?.ms).toBeCloseTo(30 * VSYNC, 6);
    expect(result.latencies[0]?.toSrc).toBe('/v/reply.mp4');
  });

  it('video probe, a frame presented while its element was hidden, is on screen from the rendering frame that shows the element', () => {
    // listen's first frame is presented at tick 12 (hidden, paused); the class reaches it at tick 44, one clip frame late.
    const data = recording(
      [
        { i: 0, src: '/v/greet.mp4', start: 0, played: 10, total: 10 },
        { i: 1, src: '/v/listen.mp4', start: 12, played: 1, total: 36 },
      ],
      (tick) => (tick < 44 ? 0 : 1),
      60,
    );

    const result = analyzeProbe(data);

    expect(result.switches[0]?.gapMs).toBeCloseTo(44 * VSYNC - 9 * FRAME, 6);
    expect(result.blankFrames).toBe(0);
  });

  it('video probe, a switch that waited for a user action given in userWaits, is left out and counted apart', () => {
    const data = recording(
      [
        { i: 0, src: '/v/goodbye.mp4', start: 0, played: 10, total: 10 },
        { i: 1, src: '/v/standby.mp4', start: 100, played: 3, total: 45, loadedAt: 90 },
      ],
      (tick) => (tick < 100 ? 0 : 1),
      112,
    );
    data.marks.push({ label: 'click:again', t: at(95) });

    expect(analyzeProbe(data).switches).toHaveLength(1);
    const result = analyzeProbe(data, { userWaits: ['click:again'] });
    expect(result.switches).toHaveLength(0);
    expect(result.waitedForUser).toBe(1);
  });

  it('percentile, nearest rank', () => {
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95)).toBe(10);
    expect(percentile([], 50)).toBeNaN();
  });

  it('video probe script, is one self-contained expression that carries its options', () => {
    const script = videoProbeScript({ fault: { hideFrames: 3, maxFaults: 2 } });
    expect(() => new Function(script)).not.toThrow();
    expect(script).toContain('"hideFrames":3');
  });
});
