import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CharacterTest } from '@talkwith/proto/catalog';
import type { Character } from '@talkwith/proto/dialogue';
import { Notice } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { refusalOf } from '../billing/ConfirmDialog.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { useLeaveGuard } from '../useLeaveGuard.ts';
import { blankStep, draftOf, moved, problemOf, STEP_KINDS, stepOf, type StepDraft } from './stepDraft.ts';
import { useAdminUpdateTestMutation } from './testsApi.ts';

/** Blocks and buttons by the titles an operator reads (the id in a tooltip); `end` is the conversation's end. */
const END = '';

interface Choices {
  blocks: Array<{ id: string; title: string }>;
  starts: Array<{ id: string; title: string }>;
  actions: Array<{ id: string; title: string }>;
}

function choicesOf(draft: Character | undefined): Choices {
  const blocks = (draft?.blocks ?? []).map((b) => ({ id: b.id, title: b.title || b.id }));
  const starts = (draft?.startButtons ?? []).map((b) => ({ id: b.id, title: b.title || b.id }));
  const actions = (draft?.blocks ?? []).flatMap((b) =>
    b.action_buttons.map((a) => ({ id: a.id, title: `${b.title || b.id} › ${a.title || a.id}` })),
  );
  return { blocks, starts, actions };
}

/**
 * Edits a test's steps (PATCH …/tests/:test_id with `steps`): add, remove,
 * move up or down, each step's kind, its text or button, and the block
 * expected next chosen by title. The server checks the shape again.
 */
export function StepEditor({
  characterId,
  test,
  draft,
  onClose,
}: {
  characterId: string;
  test: CharacterTest;
  draft: Character | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [update, saving] = useAdminUpdateTestMutation();
  const [steps, setSteps] = useState<StepDraft[]>(() => test.steps.map(draftOf));
  const [error, setError] = useState<string | null>(null);
  const choices = choicesOf(draft);
  // Both sides through the editor's own shape, so a step the server wrote with other key order or spacing is not a change.
  useLeaveGuard(JSON.stringify(steps.map(stepOf)) !== JSON.stringify(test.steps.map((s) => stepOf(draftOf(s)))));
  const change = (i: number, patch: Partial<StepDraft>) =>
    setSteps(steps.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const save = async () => {
    const problem = problemOf(steps);
    if (problem) {
      setError(t(problem.key, { step: problem.step, max: problem.max }));
      return;
    }
    setError(null);
    const answer = await update({
      base: apiBase,
      id: characterId,
      testId: test.id,
      body: { steps: steps.map(stepOf) },
    });
    if ('error' in answer) setError(refusalOf(answer.error, t('tests.edit.failed')));
    else onClose();
  };
  return (
    <div className="ct-editor">
      <ol className="ct-editor__steps" aria-label={t('tests.edit.stepsOf', { name: test.name })}>
        {steps.map((step, i) => (
          <StepRow
            key={step.key}
            step={step}
            index={i}
            count={steps.length}
            choices={choices}
            onChange={(patch) => change(i, patch)}
            onMove={(by) => setSteps(moved(steps, i, by))}
            onRemove={() => setSteps(steps.filter((_, j) => j !== i))}
          />
        ))}
      </ol>
      <button
        type="button"
        className="btn btn--small btn--ghost"
        onClick={() => setSteps([...steps, blankStep(steps.at(-1)?.expect ?? null)])}
      >
        {t('tests.edit.add')}
      </button>
      {error && <Notice kind="error">{error}</Notice>}
      <div className="form-actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t('tests.cancel')}
        </button>
        <button type="button" className="btn btn--primary" disabled={saving.isLoading} onClick={() => void save()}>
          {t('tests.edit.save')}
        </button>
      </div>
    </div>
  );
}

interface RowProps {
  step: StepDraft;
  index: number;
  count: number;
  choices: Choices;
  onChange: (patch: Partial<StepDraft>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

function StepRow({ step, index, count, choices, onChange, onMove, onRemove }: RowProps) {
  const { t } = useTranslation(ADMIN_NS);
  const n = index + 1;
  return (
    <li className="ct-editor__step">
      <div className="ct-editor__fields">
        <label className="ct-editor__field">
          <span className="small">{t('tests.edit.kind', { n })}</span>
          <select
            className="field__input"
            value={step.kind}
            onChange={(e) => onChange({ kind: STEP_KINDS.find((kind) => kind === e.target.value) ?? step.kind })}
          >
            {STEP_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`tests.edit.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        <InputField step={step} n={n} choices={choices} onChange={onChange} />
        <label className="ct-editor__field">
          <span className="small">{t('tests.edit.expect', { n })}</span>
          <select
            className="field__input"
            value={step.expect ?? END}
            title={step.expect ?? undefined}
            onChange={(e) => onChange({ expect: e.target.value === END ? null : e.target.value })}
          >
            <option value={END}>{t('tests.end')}</option>
            {choices.blocks.map((b) => (
              <option key={b.id} value={b.id} title={b.id}>
                {b.title}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="ct-editor__actions">
        <button
          type="button"
          className="btn btn--small btn--ghost"
          disabled={index === 0}
          onClick={() => onMove(-1)}
          aria-label={t('tests.edit.up', { n })}
        >
          ↑
        </button>
        <button
          type="button"
          className="btn btn--small btn--ghost"
          disabled={index === count - 1}
          onClick={() => onMove(1)}
          aria-label={t('tests.edit.down', { n })}
        >
          ↓
        </button>
        <button
          type="button"
          className="btn btn--small btn--ghost"
          onClick={onRemove}
          aria-label={t('tests.edit.remove', { n })}
        >
          {t('tests.delete')}
        </button>
      </div>
    </li>
  );
}

/** The field the kind needs: the utterance, the start or action button, or the block to start from; silence needs none. */
function InputField({
  step,
  n,
  choices,
  onChange,
}: {
  step: StepDraft;
  n: number;
  choices: Choices;
  onChange: (patch: Partial<StepDraft>) => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  if (step.kind === 'silence') return null;
  if (step.kind === 'say') {
    return (
      <label className="ct-editor__field ct-editor__field--wide">
        <span className="small">{t('tests.edit.text', { n })}</span>
        <input
          className="field__input"
          value={step.text}
          maxLength={200}
          onChange={(e) => onChange({ text: e.target.value })}
        />
      </label>
    );
  }
  const options = step.kind === 'start' ? choices.starts : step.kind === 'button' ? choices.actions : choices.blocks;
  const value = step.kind === 'start_at' ? step.blockId : step.buttonId;
  const set = (id: string) => onChange(step.kind === 'start_at' ? { blockId: id } : { buttonId: id });
  return (
    <label className="ct-editor__field ct-editor__field--wide">
      <span className="small">{t(`tests.edit.${step.kind === 'start_at' ? 'block' : 'button'}`, { n })}</span>
      <select className="field__input" value={value} title={value || undefined} onChange={(e) => set(e.target.value)}>
        <option value="">{step.kind === 'start' ? t('tests.input.startDefault') : t('tests.edit.choose')}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id} title={o.id}>
            {o.title}
          </option>
        ))}
      </select>
    </label>
  );
}
