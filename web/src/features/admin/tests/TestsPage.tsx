import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CharacterTest, TestResult, TestRunReport } from '@talkwith/proto/catalog';
import type { Character } from '@talkwith/proto/dialogue';
import { Card, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ConfirmDialog, refusalOf } from '../billing/ConfirmDialog.tsx';
import { CharacterNav } from '../characters/CharacterNav.tsx';
import { useAdminCharacterAllQuery, useAdminCharacterQuery } from '../characters/charactersApi.ts';
import { ADMIN_NS } from '../i18n.ts';
import { useLeaveGuard } from '../useLeaveGuard.ts';
import { StepEditor } from './StepEditor.tsx';
import { inputText, TestReportView, TestResultView } from './TestReport.tsx';
import {
  useAdminCharacterTestsQuery,
  useAdminDeleteTestMutation,
  useAdminRunTestsMutation,
  useAdminUpdateTestMutation,
} from './testsApi.ts';
import './tests.css';

/**
 * `characters/:character_id/tests`: the character's tests (saved from the
 * simulator), each runnable alone, renamable and deletable, and "run all"
 * with pass/fail per step against the current draft — what publishing runs.
 */
export default function TestsPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { character_id: characterId = '' } = useParams();
  const { apiBase } = useAdminBase();
  const character = useAdminCharacterQuery({ base: apiBase, id: characterId }).data?.character;
  const draft = useAdminCharacterAllQuery({ base: apiBase, id: characterId }).data?.character;
  const { data, isLoading, isError } = useAdminCharacterTestsQuery({ base: apiBase, id: characterId });
  const [runTests, running] = useAdminRunTestsMutation();
  const [report, setReport] = useState<TestRunReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const tests = data?.tests ?? [];
  const run = async (testId?: string) => {
    setError(null);
    const answer = await runTests({ base: apiBase, id: characterId, ...(testId ? { testId } : {}) });
    if ('error' in answer) setError(refusalOf(answer.error, t('tests.runFailed')));
    else setReport(testId && report ? mergedReport(report, answer.data.report.results) : answer.data.report);
  };
  return (
    <>
      <CharacterNav characterId={characterId} name={character?.name} />
      <div className="admin-head">
        <h2 className="admin-head__title">{t('tests.title')}</h2>
        <button
          type="button"
          className="btn btn--primary"
          disabled={running.isLoading || tests.length === 0}
          onClick={() => void run()}
        >
          {t('tests.runAll')}
        </button>
      </div>
      <p className="muted small">{t('tests.lead')}</p>
      {error && <Notice kind="error">{error}</Notice>}
      {running.isLoading && <Spinner label={t('tests.running')} />}
      {report && (
        <Card>
          <TestReportView report={report} />
        </Card>
      )}
      <Card>
        {isLoading && <Spinner label={t('tests.loading')} />}
        {isError && <Notice kind="error">{t('tests.loadFailed')}</Notice>}
        {data && tests.length === 0 && <p className="muted">{t('tests.none')}</p>}
        {tests.length > 0 && (
          <ul className="ct-list" aria-label={t('tests.listTitle')}>
            {tests.map((test) => (
              <TestItem
                key={test.id}
                characterId={characterId}
                test={test}
                draft={draft}
                busy={running.isLoading}
                result={report?.results.find((r) => r.test_id === test.id)}
                onRun={() => void run(test.id)}
              />
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}

/** A run of one test replaces that test's result in the report shown. */
function mergedReport(report: TestRunReport, fresh: TestResult[]): TestRunReport {
  const byId = new Map(fresh.map((r) => [r.test_id, r]));
  const results = report.results.map((r) => byId.get(r.test_id) ?? r);
  const failed = results.filter((r) => !r.passed).length;
  return {
    results,
    total: results.length,
    failed,
    unchecked: results.filter((r) => r.unchecked).length,
    passed: failed === 0,
  };
}

interface ItemProps {
  characterId: string;
  test: CharacterTest;
  draft: Character | undefined;
  busy: boolean;
  result: TestResult | undefined;
  onRun: () => void;
}

function TestItem({ characterId, test, draft, busy, result, onRun }: ItemProps) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [update, updating] = useAdminUpdateTestMutation();
  const [remove] = useAdminDeleteTestMutation();
  useLeaveGuard(renaming !== null && renaming.trim() !== test.name);
  const rename = async () => {
    const name = renaming?.trim();
    if (!name) return;
    const answer = await update({ base: apiBase, id: characterId, testId: test.id, body: { name } });
    if (!('error' in answer)) setRenaming(null);
  };
  return (
    <li className="ct-test">
      <div className="ct-test__head">
        {renaming === null ? (
          <span className="ct-test__name">
            {result ? (!result.passed ? '✗ ' : result.unchecked ? '? ' : '✓ ') : ''}
            {test.name}
          </span>
        ) : (
          <form
            className="ct-rename"
            onSubmit={(e) => {
              e.preventDefault();
              void rename();
            }}
          >
            <input
              className="field__input"
              aria-label={t('tests.name')}
              value={renaming}
              maxLength={100}
              onChange={(e) => setRenaming(e.target.value)}
              autoFocus
            />
            <button
              type="submit"
              className="btn btn--small btn--primary"
              disabled={updating.isLoading || !renaming.trim()}
            >
              {t('tests.save')}
            </button>
            <button type="button" className="btn btn--small btn--ghost" onClick={() => setRenaming(null)}>
              {t('tests.cancel')}
            </button>
          </form>
        )}
        <span className="muted small">{t('tests.stepCount', { count: test.steps.length })}</span>
        <div className="ct-test__actions">
          <button type="button" className="btn btn--small" disabled={busy} onClick={onRun}>
            {t('tests.run')}
          </button>
          {renaming === null && (
            <button type="button" className="btn btn--small btn--ghost" onClick={() => setRenaming(test.name)}>
              {t('tests.rename')}
            </button>
          )}
          {!editing && (
            <button type="button" className="btn btn--small btn--ghost" onClick={() => setEditing(true)}>
              {t('tests.edit.open')}
            </button>
          )}
          <button type="button" className="btn btn--small btn--ghost" onClick={() => setDeleting(true)}>
            {t('tests.delete')}
          </button>
        </div>
      </div>
      {editing ? (
        <StepEditor characterId={characterId} test={test} draft={draft} onClose={() => setEditing(false)} />
      ) : result ? (
        <TestResultView result={result} />
      ) : (
        <StepList test={test} draft={draft} />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('tests.deleteTitle', { name: test.name })}
          confirmLabel={t('tests.delete')}
          danger
          check={() => null}
          onConfirm={() => remove({ base: apiBase, id: characterId, testId: test.id }).unwrap()}
          onClose={() => setDeleting(false)}
        >
          <p>{t('tests.deleteBody')}</p>
        </ConfirmDialog>
      )}
    </li>
  );
}

/** A test's steps before it runs: what the user does and the block expected, by the draft's titles. */
function StepList({ test, draft }: { test: CharacterTest; draft: Character | undefined }) {
  const { t } = useTranslation(ADMIN_NS);
  const blockTitle = (id: string | null) =>
    id === null ? t('tests.end') : draft?.blocks.find((b) => b.id === id)?.title || id;
  const buttonTitle = (id: string | null) =>
    draft?.startButtons.find((b) => b.id === id)?.title ??
    draft?.blocks.flatMap((b) => b.action_buttons).find((b) => b.id === id)?.title;
  return (
    <details>
      <summary className="small">{t('tests.showSteps')}</summary>
      <ol className="ct-steps">
        {test.steps.map((s, i) => {
          const named =
            s.input.kind === 'start' || s.input.kind === 'button'
              ? buttonTitle(s.input.button_id)
              : s.input.kind === 'start_at'
                ? blockTitle(s.input.block_id)
                : undefined;
          return (
            <li key={i} className="ct-step">
              <span className="ct-step__input">{inputText(s.input, t, named)}</span>
              <span className="ct-step__blocks">→ {blockTitle(s.expect_block_id)}</span>
            </li>
          );
        })}
      </ol>
    </details>
  );
}
