import { vi } from 'vitest';

/** Test double: an AudioContext as far as soundRoute.ts uses it: gains, element sources, a state the test moves. */
export class FakeAudioContext extends EventTarget {
  state: AudioContextState = 'suspended';
  currentTime = 0;
  /** Whether resume() gets the context running (a browser may refuse without a gesture). */
  startsOnResume = true;
  readonly gains: Array<{ gain: { value: number; setValueAtTime: (v: number) => void }; connect: () => unknown }> = [];
  readonly sources = new Map<HTMLMediaElement, { connect: (node: unknown) => unknown }>();
  readonly resume = vi.fn(() => {
    if (this.startsOnResume) this.moveTo('running');
    return Promise.resolve();
  });
  readonly close = vi.fn(() => {
    this.moveTo('closed');
    return Promise.resolve();
  });
  readonly destination = {};
  createGain() {
    const node = {
      gain: {
        value: 1,
        setValueAtTime(v: number) {
          node.gain.value = v;
        },
      },
      connect: () => this.destination,
    };
    this.gains.push(node);
    return node;
  }
  createMediaElementSource(el: HTMLMediaElement) {
    if (this.sources.has(el)) throw new DOMException('already connected', 'InvalidStateError');
    const source = { connect: (node: unknown) => node };
    this.sources.set(el, source);
    return source;
  }
  moveTo(state: AudioContextState) {
    if (this.state === state) return;
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
  asContext() {
    return this as unknown as AudioContext;
  }
}
