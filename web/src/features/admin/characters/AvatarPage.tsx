import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_WIDTHS, type AvatarReply } from '@talkwith/proto/catalog';
import { useAppDispatch } from '../../../app/hooks.ts';
import { Card, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { adminUrl } from '../adminApi.ts';
import { ADMIN_NS } from '../i18n.ts';
import { useLeaveGuard } from '../useLeaveGuard.ts';
import { uploadErrorOf } from '../videos/uploadWithProgress.ts';
import { useAuthorizedUpload } from '../videos/useAuthorizedUpload.ts';
import { useRouteCharacter } from './CharacterDetailPage.tsx';
import { CharacterNav } from './CharacterNav.tsx';
import { charactersApi } from './charactersApi.ts';

type Upload =
  | { state: 'idle' }
  | { state: 'sending'; progress: number; preview: string }
  | { state: 'done'; reply: AvatarReply }
  | { state: 'failed'; message: string };

function Renditions({ reply }: { reply: AvatarReply }) {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <>
      <p className="small">{t('characters.avatar.renditions', { n: reply.renditions.length })}</p>
      <ul className="renditions">
        {reply.renditions.map((r) => (
          <li key={r.width}>
            <img src={r.url} alt="" width={Math.min(r.width, 96)} height={Math.min(r.width, 96)} loading="lazy" />
            <a href={r.url} target="_blank" rel="noreferrer">
              {r.width}w
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

/** `characters/{id}/avatar`: uploads an image with a progress bar; the server stores WebP renditions for SPEC §9's widths. */
export function AvatarPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const dispatch = useAppDispatch();
  const send = useAuthorizedUpload();
  const { id, data, isLoading } = useRouteCharacter();
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  // Closing the tab aborts the upload; another console page does not (it finishes, and the list shows the new image).
  useLeaveGuard(upload.state === 'sending', { tabOnly: true });

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const preview = URL.createObjectURL(file);
    setUpload({ state: 'sending', progress: 0, preview });
    try {
      const outcome = await send({
        url: `/api/${adminUrl(apiBase, `characters/${encodeURIComponent(id)}/avatar_upload`)}`,
        file,
        onProgress: (progress) => setUpload({ state: 'sending', progress, preview }),
      });
      if (outcome.status >= 200 && outcome.status < 300)
        setUpload({ state: 'done', reply: outcome.body as AvatarReply });
      else setUpload({ state: 'failed', message: uploadErrorOf(outcome, t('characters.failed')) });
    } catch {
      setUpload({ state: 'failed', message: t('videos.upload.network') });
    } finally {
      URL.revokeObjectURL(preview);
    }
    dispatch(charactersApi.util.invalidateTags([{ type: 'AdminCharacter', id }, 'AdminCharacters']));
  };

  const current = upload.state === 'done' ? upload.reply.avatar_url : data?.character.avatar_url;
  return (
    <>
      <CharacterNav characterId={id} name={data?.character.name} />
      {isLoading && <Spinner label={t('characters.loading')} />}
      <Card>
        <h2 className="section-title">{t('characters.avatar.title')}</h2>
        <div className="avatar-current">
          {current ? (
            <img className="avatar-current__image" src={current} alt={t('characters.avatar.currentAlt')} />
          ) : (
            <span className="avatar-current__image" aria-hidden="true" />
          )}
          <div>
            <p className="muted small">
              {t('characters.avatar.rule', { min: AVATAR_WIDTHS[0], max: AVATAR_WIDTHS[AVATAR_WIDTHS.length - 1] })}
            </p>
            <label className="btn btn--primary">
              {t('characters.avatar.choose')}
              <input
                type="file"
                accept="image/png,image/jpeg,image/webp"
                className="visually-hidden"
                onChange={(e) => void choose(e)}
                disabled={upload.state === 'sending'}
              />
            </label>
          </div>
        </div>
        {upload.state === 'sending' && (
          <progress
            className="upload__bar"
            max={100}
            value={Math.round(upload.progress * 100)}
            aria-label={t('characters.avatar.progress')}
          />
        )}
        {upload.state === 'failed' && <Notice kind="error">{upload.message}</Notice>}
        {upload.state === 'done' && (
          <>
            <Notice kind="success">{t('characters.avatar.done')}</Notice>
            <Renditions reply={upload.reply} />
          </>
        )}
      </Card>
    </>
  );
}
