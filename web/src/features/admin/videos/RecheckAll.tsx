import { useTranslation } from 'react-i18next';
import { Notice } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { serverErrorOf } from '../characters/serverError.ts';
import { useAdminRecheckContinuityMutation } from './videosApi.ts';

/** 「すべて再チェック」: every clip of the character compared again with its current standby clip, and how many warn. */
export function RecheckAll({ characterId }: { characterId: string }) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [recheck, { data, error, isLoading }] = useAdminRecheckContinuityMutation();
  const warned = data?.videos.filter((v) => v.continuity.warnings.length > 0).length ?? 0;
  return (
    <div className="recheck-all">
      <button
        type="button"
        className="btn btn--ghost btn--small"
        disabled={isLoading}
        onClick={() => void recheck({ base: apiBase, characterId })}
      >
        {isLoading ? t('videos.continuity.rechecking') : t('videos.continuity.recheckAll')}
      </button>
      {data && (
        <Notice kind={warned > 0 ? 'info' : 'success'}>
          {t('videos.continuity.rechecked', { n: data.videos.length, warned })}
        </Notice>
      )}
      {error && <Notice kind="error">{serverErrorOf(error, t('characters.failed'))?.message}</Notice>}
    </div>
  );
}
