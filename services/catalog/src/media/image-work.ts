import { mediaErrors } from '../errors.ts';

/**
 * Image decoding is the catalog's heaviest work per byte: a decoded image
 * takes width × height × 4 bytes however small its file is. Two bounds keep
 * it predictable: the pixel count, read from the header before anything is
 * decoded (avatar.ts), and how many images are worked on at once in this
 * process (this gate). The gate is in-process on purpose: what it protects
 * is this process's memory and cores, which a shared counter cannot see.
 */
export interface WorkGate {
  /** Runs `work` when a slot is free; waits in a bounded line; a full line is refused at once (503). */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Jobs running or waiting now. */
  pending(): number;
}

export function createWorkGate(options: { running: number; waiting: number }): WorkGate {
  let running = 0;
  const line: Array<() => void> = [];
  const release = () => {
    const next = line.shift();
    if (next) next();
    else running--;
  };
  return {
    async run(work) {
      if (running >= options.running) {
        if (line.length >= options.waiting) throw mediaErrors.imageWorkBusy();
        // The slot is handed over by release(): `running` stays counted for the waiter.
        await new Promise<void>((resolve) => line.push(resolve));
      } else {
        running++;
      }
      try {
        return await work();
      } finally {
        release();
      }
    },
    pending: () => running + line.length,
  };
}
