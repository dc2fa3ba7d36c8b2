import { describe, expect, it } from 'vitest';
import { createWorkGate } from './image-work.ts';

const later = () => {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { gate, open };
};

describe('createWorkGate', () => {
  it('createWorkGate, more jobs than slots, runs at most `running` at once and the rest in order', async () => {
    const gate = createWorkGate({ running: 2, waiting: 10 });
    let now = 0;
    let peak = 0;
    const order: number[] = [];
    const job = (n: number) =>
      gate.run(async () => {
        now++;
        peak = Math.max(peak, now);
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push(n);
        now--;
      });
    await Promise.all([1, 2, 3, 4, 5].map(job));
    expect(peak).toBe(2);
    expect(order.slice(2)).toEqual([3, 4, 5]);
    expect(gate.pending()).toBe(0);
  });

  it('createWorkGate, a full line, refuses the next job at once with 503 and a Japanese message', async () => {
    const gate = createWorkGate({ running: 1, waiting: 1 });
    const { gate: hold, open } = later();
    const running = gate.run(() => hold);
    const waiting = gate.run(async () => 'ran');
    await expect(gate.run(async () => 'never')).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      status: 503,
      expose: true,
      message: expect.stringMatching(/混み合っています/),
    });
    open();
    await running;
    expect(await waiting).toBe('ran');
  });

  it('createWorkGate, a job that throws, gives its slot to the next', async () => {
    const gate = createWorkGate({ running: 1, waiting: 1 });
    await expect(
      gate.run(async () => {
        throw new Error('decode failed');
      }),
    ).rejects.toThrow('decode failed');
    expect(await gate.run(async () => 'next')).toBe('next');
    expect(gate.pending()).toBe(0);
  });
});
