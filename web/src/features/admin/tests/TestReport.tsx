import { useTranslation } from 'react-i18next';
import type { BlockName, TestInput, TestResult, TestRunReport, TestStepResult } from '@talkwith/proto/catalog';
import { ADMIN_NS, type AdminKey, type AdminT } from '../i18n.ts';
import './tests.css';

type T = AdminT;

/** What the user does in a step, in words; `title`: the button's or block's title the server found (else its id). */
export function inputText(input: TestInput, t: T, title?: string): string {
  switch (input.kind) {
    case 'start':
      return input.button_id || title
        ? t('tests.input.start', { button: title ?? input.button_id })
        : t('tests.input.startDefault');
    case 'start_at':
      return t('tests.input.startAt', { block: title ?? input.block_id });
    case 'say':
      return t('tests.input.say', { text: input.text });
    case 'silence':
      return t('tests.input.silence');
    case 'button':
      return t('tests.input.button', { button: title ?? input.button_id });
  }
}

export const blockText = (block: BlockName, t: T) => (block ? block.title : t('tests.end'));

function stepOutcome(s: TestStepResult, t: T): string {
  if (s.passed) return `→ ${blockText(s.reached, t)}`;
  if (s.unchecked) return t('tests.expected', { expected: blockText(s.expected, t) });
  return t('tests.expectedReached', { expected: blockText(s.expected, t), reached: blockText(s.reached, t) });
}

/** One test's steps: what was done, the block expected and the one reached, pass or fail. */
export function TestResultView({ result }: { result: TestResult }) {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <ol className="ct-steps" aria-label={t('tests.stepsOf', { name: result.name })}>
      {result.steps.map((s, i) => (
        <li
          key={i}
          className={
            s.passed ? 'ct-step ct-step--pass' : s.unchecked ? 'ct-step ct-step--unchecked' : 'ct-step ct-step--fail'
          }
        >
          <span
            className="ct-step__mark"
            aria-label={s.passed ? t('tests.pass') : s.unchecked ? t('tests.uncheckedMark') : t('tests.fail')}
          >
            {s.passed ? '✓' : s.unchecked ? '?' : '✗'}
          </span>
          <span className="ct-step__input">{inputText(s.input, t, s.input_title)}</span>
          <span className="ct-step__blocks">{stepOutcome(s, t)}</span>
          {s.problem && <span className="ct-step__problem">{s.problem}</span>}
        </li>
      ))}
    </ol>
  );
}

type Outcome = 'passed' | 'failed' | 'unchecked';

/** A test's outcome: failed, or passed up to a step only the server could check (unchecked), or passed. */
const outcomeOf = (r: TestResult): Outcome => (!r.passed ? 'failed' : r.unchecked ? 'unchecked' : 'passed');
const MARK: Record<Outcome, string> = { passed: '✓', failed: '✗', unchecked: '?' };
const ORDER: Record<Outcome, number> = { failed: 0, unchecked: 1, passed: 2 };
/** Failed tests first (what blocks the publish), then unchecked, then passed; the run's order within each. */
const byOutcome = (results: TestResult[]) => [...results].sort((a, b) => ORDER[outcomeOf(a)] - ORDER[outcomeOf(b)]);
const WORD: Record<Outcome, AdminKey> = {
  passed: 'tests.pass',
  failed: 'tests.fail',
  unchecked: 'tests.uncheckedMark',
};

/**
 * A whole run: the counts, then every test with passed / failed / unchecked.
 * Failed and unchecked tests show their steps; a passing test's steps fold away.
 * `foldPassed`: a run where every test passed folds its list too (after a
 * publish the summary is what matters; the names stay one click away).
 */
export function TestReportView({ report, foldPassed = false }: { report: TestRunReport; foldPassed?: boolean }) {
  const { t } = useTranslation(ADMIN_NS);
  const list = (
    <ul className="ct-results" aria-label={t('tests.everyTest')}>
      {byOutcome(report.results).map((r) => (
        <ResultItem key={r.test_id} result={r} />
      ))}
    </ul>
  );
  return (
    <section className="ct-report" aria-label={t('tests.reportTitle')}>
      <p className={report.passed ? 'ct-summary ct-summary--pass' : 'ct-summary ct-summary--fail'}>
        {report.passed
          ? t('tests.allPassed', { n: report.total })
          : t('tests.someFailed', { failed: report.failed, n: report.total })}
      </p>
      <p className="muted small">
        {t('tests.counts', {
          passed: report.total - report.failed - report.unchecked,
          failed: report.failed,
          unchecked: report.unchecked,
        })}
      </p>
      {report.unchecked > 0 && <p className="muted small">{t('tests.uncheckedCount', { n: report.unchecked })}</p>}
      {foldPassed && report.passed ? (
        <details>
          <summary className="small">{t('tests.everyTest')}</summary>
          {list}
        </details>
      ) : (
        list
      )}
    </section>
  );
}

function ResultItem({ result }: { result: TestResult }) {
  const { t } = useTranslation(ADMIN_NS);
  const outcome = outcomeOf(result);
  const head = (
    <>
      <span aria-hidden="true">{MARK[outcome]}</span> {result.name}{' '}
      <span className={`ct-result__status ct-result__status--${outcome}`}>{t(WORD[outcome])}</span>
    </>
  );
  return (
    <li className={`ct-result ct-result--${outcome}`}>
      {outcome === 'passed' ? (
        <details>
          <summary className="ct-result__name">{head}</summary>
          <TestResultView result={result} />
        </details>
      ) : (
        <>
          <p className="ct-result__name">{head}</p>
          <TestResultView result={result} />
        </>
      )}
    </li>
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The report a publish refused with 409 CHARACTER_TESTS_FAILED carries, if that is what `error` is. */
export function refusedTestReport(error: unknown): TestRunReport | null {
  if (!isRecord(error) || !isRecord(error.data) || error.data.code !== 'CHARACTER_TESTS_FAILED') return null;
  const report = error.data.report;
  return isRecord(report) && Array.isArray(report.results) ? (report as TestRunReport) : null;
}
