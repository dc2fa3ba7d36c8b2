import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCharacter } from '@talkwith/proto/catalog';
import { Card, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { useAdminCharacterFaultsQuery, useAdminPublishCharacterMutation } from './charactersApi.ts';
import { FaultList } from './FaultList.tsx';
import { StateBadge } from './fields.tsx';
import { serverErrorOf } from './serverError.ts';
import { DraftBadge } from '../versions/DraftBadge.tsx';
import { PendingChanges } from '../versions/PendingChanges.tsx';
import { refusedTestReport, TestReportView } from '../tests/TestReport.tsx';

/**
 * Published state (with 「未公開の変更あり」 when the draft differs), the
 * validator's faults, what publishing would change in words, a note for the
 * version and the publish / unpublish buttons (a refused publish shows the
 * faults the server sent, or the tests that failed, per step, with
 * 「それでも公開する」; one that went through, the report of its tests).
 */
export function PublishPanel({ character }: { character: AdminCharacter }) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const faultsQuery = useAdminCharacterFaultsQuery({ base: apiBase, id: character.id });
  const [publish, outcome] = useAdminPublishCharacterMutation();
  const refused = serverErrorOf(outcome.error, t('characters.failed'));
  const faults = refused?.faults.length ? refused.faults : (faultsQuery.data?.faults ?? []);
  const published = character.published_at !== null;
  const [note, setNote] = useState('');
  // A publish refused by failing tests (409 CHARACTER_TESTS_FAILED): its report, and 「それでも公開する」 sends it again with force.
  const testReport = refusedTestReport(outcome.error);
  // A publish that went through answers the report of the tests it ran: shown too, so the operator sees them pass.
  const ranTests = outcome.data?.tests;
  const run = (next: boolean, force = false) =>
    void publish({ base: apiBase, id: character.id, publish: next, note, force }).then((r) => {
      if (!('error' in r)) setNote('');
    });
  return (
    <Card>
      <div className="admin-head">
        <h2 className="section-title">{t('characters.publishing')}</h2>
        <StateBadge published={published}>
          {published
            ? t('characters.published', { version: character.published_version })
            : t('characters.unpublished')}
        </StateBadge>
        <DraftBadge differs={character.draft_differs} />
      </div>
      {published && character.published_at && (
        <p className="muted small">
          {t('characters.publishedAt', { at: new Date(character.published_at).toLocaleString(i18n.language) })}
        </p>
      )}
      {refused && <Notice kind="error">{refused.message}</Notice>}
      {testReport && <TestReportView report={testReport} />}
      {ranTests && ranTests.total > 0 && <TestReportView report={ranTests} foldPassed />}
      {faultsQuery.isFetching && !faultsQuery.data && <Spinner label={t('characters.checking')} />}
      {faultsQuery.data && faults.length === 0 && !testReport && (
        <Notice kind="success">{t('characters.noFaults')}</Notice>
      )}
      {faults.length > 0 && (
        <>
          <p className="small">{t('characters.faultsLead', { n: faults.length })}</p>
          <FaultList characterId={character.id} faults={faults} />
        </>
      )}
      {character.published_version > 0 && (
        <PendingChanges
          characterId={character.id}
          liveVersion={character.published_version}
          differs={character.draft_differs}
        />
      )}
      <label className="field">
        <span className="field__label">{t('versions.note')}</span>
        <input
          className="field__input vd-note"
          value={note}
          maxLength={500}
          placeholder={t('versions.notePlaceholder')}
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      <div className="form-actions stack-top">
        <button
          type="button"
          className="btn btn--primary"
          disabled={outcome.isLoading || faults.length > 0}
          onClick={() => run(true)}
        >
          {published ? t('characters.republish') : t('characters.publish')}
        </button>
        {testReport && (
          <button
            type="button"
            className="btn btn--danger"
            disabled={outcome.isLoading || faults.length > 0}
            onClick={() => run(true, true)}
          >
            {t('tests.publishAnyway')}
          </button>
        )}
        {published && (
          <button type="button" className="btn btn--ghost" disabled={outcome.isLoading} onClick={() => run(false)}>
            {t('characters.unpublish')}
          </button>
        )}
      </div>
    </Card>
  );
}
