import { describe, expect, it, vi } from 'vitest';
import { createCuedClip } from './cuedClip.ts';
import { inFrameAt } from './frames.ts';
import type { VideoPool } from './videoPool.ts';

function setUp() {
  const el = document.createElement('video');
  // jsdom has no media clock: the test sets how far the cued clip's clock has run.
  let clock = 0;
  Object.defineProperty(el, 'currentTime', { get: () => clock, set: (t: number) => (clock = t) });
  const rafs: Array<(now: number) => void> = [];
  const pool: VideoPool = {
    elements: [el],
    take: () => el,
    warm: vi.fn(),
    twin: () => undefined,
    isReady: () => true,
    rewind: vi.fn(),
    dispose: vi.fn(),
  };
  const startedAt: number[] = [];
  let now = 0;
  const cued = createCuedClip({
    pool,
    inFrameAt: (at, fn) => inFrameAt(at, fn, (cb) => rafs.push(cb)),
    busy: () => new Set(),
    startHidden: () => startedAt.push(now),
    preRollMs: 1000 / 30,
  });
  /** Runs the rendering frames up to `until`, one per 60 Hz vsync. */
  const runUntil = (until: number) => {
    for (; now <= until; now += 1000 / 60) for (const cb of rafs.splice(0)) cb(now);
  };
  return { cued, el, pool, startedAt, runUntil, now: () => now };
}

/**
 * How early a cue due in 300 ms started its clip, then how early the next one did, once play() took the first with
 * its clock at `clockS` seconds.
 */
function leadsAroundTake({ cued, el, startedAt, runUntil, now }: ReturnType<typeof setUp>, clockS: number) {
  cued.cue('/v/reply.mp4', 300);
  runUntil(300);
  el.currentTime = clockS;
  cued.take('/v/reply.mp4');
  const second = now();
  cued.cue('/v/reply.mp4', 300);
  runUntil(second + 400);
  return { firstLead: 300 - (startedAt[0] ?? 0), secondLead: second + 300 - (startedAt[1] ?? 0) };
}

describe('cued clip', () => {
  it('cue, nothing learnt yet, starts the clip about 73 ms before its due time (40 ms clock start-up and two vsyncs)', () => {
    const { cued, startedAt, runUntil } = setUp();

    cued.cue('/v/reply.mp4', 300);
    runUntil(400);

    expect(startedAt).toHaveLength(1);
    expect(300 - (startedAt[0] ?? 0)).toBeGreaterThan(60);
    expect(300 - (startedAt[0] ?? 0)).toBeLessThan(85);
  });

  it('take, a cued clip whose clock had run 133 ms when play() took it (its frame 0 passed hidden), starts the next cue about 50 ms later', () => {
    const world = setUp();

    const { firstLead, secondLead } = leadsAroundTake(world, 0.133);

    expect(firstLead - secondLead).toBeGreaterThan(40);
    expect(firstLead - secondLead).toBeLessThan(60);
  });

  it('take, a cued clip whose clock had not started when play() took it, starts the next cue earlier', () => {
    const world = setUp();

    const { firstLead, secondLead } = leadsAroundTake(world, 0);

    expect(secondLead - firstLead).toBeGreaterThan(10);
  });

  it('take, another clip than the cued one, gives the cue up (its element back at frame 0)', () => {
    const { cued, pool, runUntil } = setUp();
    cued.cue('/v/reply.mp4', 100);
    runUntil(100);

    const taken = cued.take('/v/topic.mp4');

    expect(taken).toBeNull();
    expect(cued.element()).toBeNull();
    expect(pool.rewind).toHaveBeenCalled();
  });

  it('take, before the cued clip was started, gives nothing (play() starts it as a warm clip)', () => {
    const { cued, startedAt } = setUp();
    cued.cue('/v/reply.mp4', 300);

    const taken = cued.take('/v/reply.mp4');

    expect(taken).toBeNull();
    expect(startedAt).toEqual([]);
  });
});
