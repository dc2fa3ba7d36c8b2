import { describe, expect, it } from 'vitest';
import { FakeAudioContext } from './audio-test-kit.ts';
import { routeSound } from './soundRoute.ts';

function clips(...urls: string[]) {
  return urls.map((url) => {
    const el = document.createElement('video');
    el.setAttribute('src', url);
    el.muted = true;
    return el;
  });
}

const gainOf = (context: FakeAudioContext, els: HTMLVideoElement[], el: HTMLVideoElement) =>
  context.gains[els.indexOf(el)]!.gain.value;

describe('sound route', () => {
  it('routeSound, clips of this origin and a context that starts, unmutes every element and lets only the heard one through its gain', async () => {
    const context = new FakeAudioContext();
    const els = clips('/files/a.mp4', '/files/b.mp4', '');
    const [shown, hidden, empty] = els as [HTMLVideoElement, HTMLVideoElement, HTMLVideoElement];

    const route = await routeSound(context.asContext(), els, ['/files/c.mp4'], (el) => el === shown);

    expect(route).not.toBeNull();
    expect(els.map((el) => el.muted)).toEqual([false, false, false]);
    expect([shown, hidden, empty].map((el) => gainOf(context, els, el))).toEqual([1, 0, 0]);
    expect(context.sources.size).toBe(3);
  });

  it('audible, a hidden element started and then shown, keeps it unmuted and opens its gain only when shown', async () => {
    const context = new FakeAudioContext();
    const els = clips('/files/a.mp4', '/files/b.mp4');
    const route = await routeSound(context.asContext(), els, [], () => false);
    const next = els[1]!;

    route!.audible(next, false);
    const whileHidden = { muted: next.muted, gain: gainOf(context, els, next) };
    route!.audible(next, true);

    expect(whileHidden).toEqual({ muted: false, gain: 0 });
    expect({ muted: next.muted, gain: gainOf(context, els, next) }).toEqual({ muted: false, gain: 1 });
  });

  it('routeSound, a clip from another origin, routes nothing and closes the context (its sound would be silence without CORS)', async () => {
    const context = new FakeAudioContext();
    const els = clips('/files/a.mp4');

    const route = await routeSound(context.asContext(), els, ['https://cdn.example.com/b.mp4'], () => true);

    expect(route).toBeNull();
    expect(context.sources.size).toBe(0);
    expect(context.close).toHaveBeenCalled();
    expect(els[0]!.muted).toBe(true);
  });

  it('routeSound, a context the browser does not start, routes nothing and closes it (a routed element would not play)', async () => {
    const context = new FakeAudioContext();
    context.startsOnResume = false;

    const route = await routeSound(context.asContext(), clips('/files/a.mp4'), [], () => true);

    expect(route).toBeNull();
    expect(context.sources.size).toBe(0);
    expect(context.close).toHaveBeenCalled();
  });

  it('statechange, the context suspended by the browser, mutes every element (so they still play) until a tap resumes it, then the gains rule again', async () => {
    const context = new FakeAudioContext();
    const els = clips('/files/a.mp4', '/files/b.mp4');
    await routeSound(context.asContext(), els, [], (el) => el === els[0]);

    context.moveTo('suspended');
    const whileSuspended = els.map((el) => el.muted);
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));

    expect(whileSuspended).toEqual([true, true]);
    expect(context.state).toBe('running');
    expect(els.map((el) => el.muted)).toEqual([false, false]);
    expect(els.map((el) => gainOf(context, els, el))).toEqual([1, 0]);
  });

  it('close, after a suspension, closes the context and leaves a later tap alone', async () => {
    const context = new FakeAudioContext();
    const route = await routeSound(context.asContext(), clips('/files/a.mp4'), [], () => true);
    context.moveTo('suspended');
    context.resume.mockClear();

    route!.close();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));

    expect(context.close).toHaveBeenCalled();
    expect(context.resume).not.toHaveBeenCalled();
  });
});
