import { TEST_STEPS_MAX, TEST_TEXT_MAX, type TestInput, type TestStep } from '@talkwith/proto/catalog';
import type { AdminKey } from '../i18n.ts';

export type StepKind = TestInput['kind'];
export const STEP_KINDS: StepKind[] = ['start', 'start_at', 'say', 'button', 'silence'];

/**
 * A step as the editor holds it: every field of every kind, so switching the
 * kind back and forth keeps what was typed; `stepOf` keeps only the kind's.
 */
export interface StepDraft {
  key: number;
  kind: StepKind;
  buttonId: string;
  blockId: string;
  text: string;
  expect: string | null;
}

let nextKey = 0;
const keyed = (draft: Omit<StepDraft, 'key'>): StepDraft => ({ ...draft, key: (nextKey += 1) });

export function draftOf(step: TestStep): StepDraft {
  const input = step.input;
  return keyed({
    kind: input.kind,
    buttonId: input.kind === 'start' || input.kind === 'button' ? (input.button_id ?? '') : '',
    blockId: input.kind === 'start_at' ? input.block_id : '',
    text: input.kind === 'say' ? input.text : '',
    expect: step.expect_block_id,
  });
}

export const blankStep = (expect: string | null): StepDraft =>
  keyed({ kind: 'say', buttonId: '', blockId: '', text: '', expect });

function inputOf(d: StepDraft): TestInput {
  switch (d.kind) {
    case 'start':
      return { kind: 'start', button_id: d.buttonId || null };
    case 'start_at':
      return { kind: 'start_at', block_id: d.blockId };
    case 'say':
      return { kind: 'say', text: d.text.trim() };
    case 'button':
      return { kind: 'button', button_id: d.buttonId };
    case 'silence':
      return { kind: 'silence' };
  }
}

export const stepOf = (d: StepDraft): TestStep => ({ input: inputOf(d), expect_block_id: d.expect });

/** The first thing the server would refuse, as a text key and the step number (1-based), or null. */
export function problemOf(drafts: StepDraft[]): { key: AdminKey; step?: number; max?: number } | null {
  if (drafts.length === 0) return { key: 'tests.edit.noSteps' };
  if (drafts.length > TEST_STEPS_MAX) return { key: 'tests.edit.tooMany', max: TEST_STEPS_MAX };
  for (const [i, d] of drafts.entries()) {
    const step = i + 1;
    if (d.kind === 'say' && !d.text.trim()) return { key: 'tests.edit.textRequired', step };
    if (d.kind === 'say' && d.text.trim().length > TEST_TEXT_MAX)
      return { key: 'tests.edit.textTooLong', step, max: TEST_TEXT_MAX };
    if (d.kind === 'button' && !d.buttonId) return { key: 'tests.edit.buttonRequired', step };
    if (d.kind === 'start_at' && !d.blockId) return { key: 'tests.edit.blockRequired', step };
  }
  return null;
}

/** The list with the step at `from` moved one place up (-1) or down (+1); unchanged at an end. */
export function moved<T>(list: T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}
