import type { TestInput, TestStep } from '@talkwith/proto/catalog';
import type { EngineCommand, EngineInput } from '@talkwith/proto/dialogue';

/** One engine step the simulator observed: the input, the block before it, the commands it produced. */
export interface ObservedStep {
  input: EngineInput;
  blockBefore: string | null;
  commands: readonly EngineCommand[];
}

/** The user's part of an engine input as a test step's input; null for what the player or the flow does by itself. */
function userInput(input: EngineInput, commands: readonly EngineCommand[]): TestInput | null {
  switch (input.type) {
    case 'start': {
      if (input.source === 'button') return { kind: 'start', button_id: input.buttonId ?? null };
      // A resume ("start from this block") or the mic test: start at the block it entered.
      const entered = commands.find((c) => c.type === 'trackStep');
      return entered ? { kind: 'start_at', block_id: entered.blockId } : null;
    }
    case 'speechFinal':
      return input.text.trim() ? { kind: 'say', text: input.text.trim().slice(0, 200) } : null;
    case 'timerFired':
      return input.timer === 'silence' || input.timer === 'recognition' ? { kind: 'silence' } : null;
    case 'actionButton':
      return { kind: 'button', button_id: input.buttonId };
    default:
      return null;
  }
}

/**
 * The simulator's session as test steps, in the runner's terms
 * (dialogue-engine script.ts): each thing the user did, expecting the first
 * block entered until the user's next move; else the end, if the talk ended;
 * else the block it stayed in. A silence or an utterance that changed nothing
 * (the timer was stale, the mic closed) is left out.
 */
export function stepsOfSession(observed: readonly ObservedStep[]): TestStep[] {
  const steps: TestStep[] = [];
  // The block the talk is in now: the last one entered (the engine sets its block on entering, with trackStep).
  const blockNow = observed.flatMap((o) => o.commands).findLast((c) => c.type === 'trackStep')?.blockId ?? null;
  const users = observed.flatMap((o, i) => {
    const input = userInput(o.input, o.commands);
    return input && o.commands.length > 0 ? [{ at: i, input }] : [];
  });
  users.forEach(({ at, input }, n) => {
    const until = users[n + 1]?.at ?? observed.length;
    const commands = observed.slice(at, until).flatMap((o) => o.commands);
    const entered = commands.find((c) => c.type === 'trackStep');
    const stayed = n + 1 < users.length ? (observed[until]?.blockBefore ?? null) : blockNow;
    const expected = entered ? entered.blockId : commands.some((c) => c.type === 'end') ? null : stayed;
    steps.push({ input, expect_block_id: expected });
  });
  return steps.slice(0, 50);
}
