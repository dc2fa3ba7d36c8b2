import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CopyPreviewReply, CopyReply } from '@talkwith/proto/catalog';
import { Card, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { refusalOf } from '../billing/ConfirmDialog.tsx';
import { CharacterNav } from '../characters/CharacterNav.tsx';
import { useAdminCharacterAllQuery } from '../characters/charactersApi.ts';
import { ADMIN_NS } from '../i18n.ts';
import { pickerLabel } from '../pickerLabel.ts';
import { useAdminCopyBlocksMutation, useAdminCopyPreviewMutation, type CopyTargets } from './blockCopyApi.ts';
import { CheckList } from './CheckList.tsx';
import { CopyPlanView } from './CopyPlanView.tsx';
import { TargetPicker } from './TargetPicker.tsx';
import './blockCopy.css';

const hasTargets = (targets: CopyTargets) => (targets.kind === 'category' ? targets.id !== '' : targets.ids.length > 0);

/**
 * `characters/:character_id/copy`: pick blocks of this character and where
 * they go (characters, or every character of a category), see the server's
 * plan of the copy (dry run), then copy. Any change of the choice drops the
 * plan, so what is confirmed is always what was shown.
 */
export default function BlockCopyPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { character_id: characterId = '' } = useParams();
  const { apiBase } = useAdminBase();
  const { data, isLoading, isError } = useAdminCharacterAllQuery({ base: apiBase, id: characterId });
  const [blockIds, setBlockIds] = useState<Set<string>>(new Set());
  const [targets, setTargets] = useState<CopyTargets>({ kind: 'characters', ids: [] });
  const [plan, setPlan] = useState<CopyPreviewReply | null>(null);
  const [done, setDone] = useState<CopyReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, previewing] = useAdminCopyPreviewMutation();
  const [copy, copying] = useAdminCopyBlocksMutation();
  const blocks = data?.character.blocks ?? [];
  const blockName = (id: string) => blocks.find((b) => b.id === id)?.title || id;
  const request = { base: apiBase, characterId, blockIds: [...blockIds], targets };
  const changed = (apply: () => void) => {
    apply();
    setPlan(null);
    setDone(null);
    setError(null);
  };
  const askPlan = async () => {
    setError(null);
    const answer = await preview(request);
    if ('error' in answer) setError(refusalOf(answer.error, t('blockCopy.previewFailed')));
    else setPlan(answer.data);
  };
  const confirm = async () => {
    const answer = await copy(request);
    if ('error' in answer) setError(refusalOf(answer.error, t('blockCopy.copyFailed')));
    else {
      setDone(answer.data);
      setPlan(null);
    }
  };
  return (
    <>
      <CharacterNav characterId={characterId} name={data?.character.name} />
      <h2 className="admin-head__title">{t('blockCopy.title')}</h2>
      <p className="muted small">{t('blockCopy.lead')}</p>
      {isLoading && <Spinner label={t('blockCopy.loading')} />}
      {isError && <Notice kind="error">{t('blockCopy.loadFailed')}</Notice>}
      <div className="bc-layout">
        <Card>
          <CheckList
            legend={t('blockCopy.sourceBlocks')}
            items={blocks.map((b) => ({ id: b.id, label: pickerLabel(b.title, b.id) }))}
            chosen={blockIds}
            onChange={(next) => changed(() => setBlockIds(next))}
          />
        </Card>
        <Card>
          <TargetPicker sourceId={characterId} targets={targets} onChange={(next) => changed(() => setTargets(next))} />
        </Card>
      </div>
      <div className="bc-actions">
        <button
          type="button"
          className="btn btn--primary"
          disabled={blockIds.size === 0 || !hasTargets(targets) || previewing.isLoading}
          onClick={() => void askPlan()}
        >
          {t('blockCopy.preview')}
        </button>
      </div>
      {error && <Notice kind="error">{error}</Notice>}
      {done && <Notice kind="success">{t('blockCopy.copied', { count: done.targets.length })}</Notice>}
      {plan && (
        <Card>
          <CopyPlanView plan={plan} blockName={blockName} />
          <button
            type="button"
            className="btn btn--primary"
            disabled={!plan.can_copy || plan.targets.length === 0 || copying.isLoading}
            onClick={() => void confirm()}
          >
            {t('blockCopy.confirm', { count: plan.targets.length })}
          </button>
        </Card>
      )}
    </>
  );
}
