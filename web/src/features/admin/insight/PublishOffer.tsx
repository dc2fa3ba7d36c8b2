import { Notice } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { useAdminPublishCharacterMutation } from '../characters/charactersApi.ts';
import { FaultList } from '../characters/FaultList.tsx';
import { serverErrorOf } from '../characters/serverError.ts';
import { useAdminTexts } from '../i18n.ts';

/** After an edit: the draft changed but users get it only once published, so 「公開する」 is offered here (a refusal lists the validator's faults). */
export function PublishOffer({ characterId }: { characterId: string }) {
  const { t } = useAdminTexts('insight.publish');
  const { apiBase } = useAdminBase();
  const [publish, outcome] = useAdminPublishCharacterMutation();
  const refused = serverErrorOf(outcome.error, t('failed'));
  if (outcome.isSuccess) return <Notice kind="success">{t('done')}</Notice>;
  return (
    <div className="ins-publish">
      <p className="small">{t('lead')}</p>
      {refused && <Notice kind="error">{refused.message}</Notice>}
      {refused && refused.faults.length > 0 && <FaultList characterId={characterId} faults={refused.faults} />}
      <button
        type="button"
        className="btn btn--primary btn--small"
        disabled={outcome.isLoading}
        onClick={() => void publish({ base: apiBase, id: characterId, publish: true })}
      >
        {outcome.isLoading ? t('running') : t('button')}
      </button>
    </div>
  );
}

/** A fix saved (a hit word or a synonym added): what was done, the offer to publish, and 閉じる. */
export function FixSaved({ text, characterId, onClose }: { text: string; characterId: string; onClose: () => void }) {
  const { t } = useAdminTexts('insight.add');
  return (
    <div className="ins-add ins-add--done">
      <Notice kind="success">{text}</Notice>
      <PublishOffer characterId={characterId} />
      <button type="button" className="btn btn--ghost btn--small" onClick={onClose}>
        {t('close')}
      </button>
    </div>
  );
}
