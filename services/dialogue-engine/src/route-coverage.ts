import type { ActionButton, PublicCharacter as Character, EngineCommand, EngineInput } from '@talkwith/proto/dialogue';
import { blockBlockReferences } from './validate.ts';

/**
 * The ways out of a character's blocks, and which of them a set of character
 * tests takes: "the tests cover each route and ladder" is checked, not hoped.
 * A route is named as the engine names a step (trackStep.via), so the routes
 * a test took are read from what the engine did, not from what the test says.
 */
export interface Route {
  from: string;
  /** trackStep.via of the block entered; `end:<reason>` when a ladder ends the talk; `button:<id>` for a button that plays a clip (and stays) or ends. */
  how: string;
  to: string | null;
}

export const routeKey = (r: Route): string => `${r.from} -${r.how}-> ${r.to ?? '(end)'}`;

/** How the engine names the entry through each block field (validate.ts's reference fields). */
const VIA_OF_FIELD: Record<string, string> = {
  valid_response_ids: 'search',
  listen_next_block: 'valid',
  force_blocks: 'forced',
  not_hitword_blocks: 'notHit',
  spj_empty_blocks: 'empty',
  spj_out_block_id: 'spjOut',
  invalid_final_block: 'invalid',
  silence_final_blocks: 'silence',
  silence_final_block_id: 'silence',
  play_final_block: 'final',
  random_end_block_id: 'random',
};

function viaOf(field: string): string | undefined {
  if (field.startsWith('hit_words[')) return 'hitWord';
  if (field.startsWith('action_buttons[')) return 'button';
  return VIA_OF_FIELD[field];
}

/**
 * Every route out of every block: each block a field names (replacement
 * blocks stand in for a block and are not routes of their own), the ladders
 * that end the talk when they name no block, and the buttons that stay or end.
 */
export function routesOf(c: Character): Route[] {
  const routes: Route[] = [];
  for (const b of c.blocks) {
    for (const ref of blockBlockReferences(b)) {
      const how = viaOf(ref.field);
      if (how) routes.push({ from: b.id, how, to: ref.id });
    }
    if ((b.invalid_max_count || b.invalid_count) > 0 && b.invalid_final_block.length === 0)
      routes.push({ from: b.id, how: 'end:invalid', to: null });
    for (const button of b.action_buttons) if (button.kind !== 'block') routes.push(buttonRoute(b.id, button));
  }
  return routes;
}

const buttonRoute = (from: string, button: ActionButton): Route => ({
  from,
  how: `button:${button.id}`,
  to: button.kind === 'video' ? from : null,
});

/**
 * Watches one test's engine run (script.ts `observe`) and collects the routes
 * it took: each block entered from the block before it, each end of the talk,
 * each button that plays a clip or ends.
 */
export function routeRecorder(c: Character): {
  observe: (input: EngineInput, commands: readonly EngineCommand[]) => void;
  taken: Set<string>;
} {
  const taken = new Set<string>();
  let current: string | null = null;
  const observe = (input: EngineInput, commands: readonly EngineCommand[]) => {
    if (input.type === 'start') current = null;
    const button = c.blocks.find((b) => b.id === current)?.action_buttons.find((a) => a.id === buttonPressed(input));
    if (current && button && button.kind !== 'block') taken.add(routeKey(buttonRoute(current, button)));
    for (const command of commands) {
      if (command.type === 'trackStep') {
        // A redirect (kikiwasure, a random end, a replacement) entered another block: both the route the user
        // took and the redirect are taken.
        const via = command.via ?? 'flow';
        if (current) taken.add(routeKey({ from: current, how: via, to: command.blockId }));
        if (current && command.routed)
          taken.add(routeKey({ from: current, how: command.routed.via, to: command.routed.blockId }));
        if (current && command.routed && via !== command.routed.via)
          taken.add(routeKey({ from: command.routed.blockId, how: via, to: command.blockId }));
        current = command.blockId;
      } else if (command.type === 'end' && current) {
        taken.add(routeKey({ from: current, how: `end:${command.reason}`, to: null }));
      }
    }
  };
  return { observe, taken };
}

const buttonPressed = (input: EngineInput): string | null => (input.type === 'actionButton' ? input.buttonId : null);
