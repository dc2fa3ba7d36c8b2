import { describe, expect, it, vi } from 'vitest';
import { createDomVideoPort } from './domVideo.ts';

function videos() {
  const make = () => {
    const el = document.createElement('video');
    el.play = vi.fn(() => Promise.resolve());
    el.pause = vi.fn();
    el.load = vi.fn();
    return el;
  };
  return { A: make(), B: make() };
}

describe('dom video port', () => {
  it('play, endless loop, uses the element loop and never reports an end', () => {
    const els = videos();
    const ended = vi.fn();
    const port = createDomVideoPort(els, { ended, timeReached: vi.fn(), failed: vi.fn() });
    port.play('A', '/files/standby.mp4', { videoId: 'standby', loop: true, loopCount: 0, notifyAtMs: null });
    expect(els.A.getAttribute('src')).toBe('/files/standby.mp4');
    expect(els.A.loop).toBe(true);
    expect(els.B.pause).toHaveBeenCalled();
  });

  it('ended, counted loop of 3, rewinds twice and reports the end once on the third pass', () => {
    const els = videos();
    const ended = vi.fn();
    const port = createDomVideoPort(els, { ended, timeReached: vi.fn(), failed: vi.fn() });
    port.play('B', '/files/listen_1.mp4', { videoId: 'listen_1', loop: true, loopCount: 3, notifyAtMs: null });
    for (let i = 0; i < 3; i += 1) els.B.dispatchEvent(new Event('ended'));
    expect(ended).toHaveBeenCalledTimes(1);
    expect(ended).toHaveBeenCalledWith('B', 'listen_1');
    expect(els.B.play).toHaveBeenCalledTimes(3);
  });

  it('timeupdate, past notifyAtMs, reports the time once', () => {
    const els = videos();
    const timeReached = vi.fn();
    const port = createDomVideoPort(els, { ended: vi.fn(), timeReached, failed: vi.fn() });
    port.play('B', '/files/greet.mp4', { videoId: 'greet', loop: false, loopCount: 1, notifyAtMs: 2500 });
    els.B.currentTime = 2.6;
    els.B.dispatchEvent(new Event('timeupdate'));
    els.B.dispatchEvent(new Event('timeupdate'));
    expect(timeReached).toHaveBeenCalledTimes(1);
    expect(timeReached).toHaveBeenCalledWith('B', 'greet', 2500);
  });

  it('preload, into the hidden slot, sets its source without playing; events from it are ignored', () => {
    const els = videos();
    const ended = vi.fn();
    const port = createDomVideoPort(els, { ended, timeReached: vi.fn(), failed: vi.fn() });
    port.play('A', '/files/greet.mp4', { videoId: 'greet', loop: false, loopCount: 1, notifyAtMs: null });
    port.preload('B', '/files/listen_1.mp4');
    els.B.dispatchEvent(new Event('ended'));
    expect(els.B.getAttribute('src')).toBe('/files/listen_1.mp4');
    expect(els.B.play).not.toHaveBeenCalled();
    expect(ended).not.toHaveBeenCalled();
  });

  it('play, autoplay with sound refused, retries muted', async () => {
    const els = videos();
    els.A.play = vi.fn().mockRejectedValueOnce(new Error('NotAllowedError')).mockResolvedValue(undefined);
    const port = createDomVideoPort(els, { ended: vi.fn(), timeReached: vi.fn(), failed: vi.fn() });
    port.play('A', '/files/greet.mp4', { videoId: 'greet', loop: false, loopCount: 1, notifyAtMs: null });
    await vi.waitFor(() => expect(els.A.play).toHaveBeenCalledTimes(2));
    expect(els.A.muted).toBe(true);
  });
});
