import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, type VideoEntry } from '@talkwith/proto/catalog';
import { Card, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { confirmUnsaved, useLeaveGuard } from '../useLeaveGuard.ts';
import { SelectField, TextAreaField } from '../characters/fields.tsx';
import { serverErrorOf } from '../characters/serverError.ts';
import { TranslateDraft } from './TranslateDraft.tsx';
import { useAdminSaveSubtitleMutation, useAdminSubtitleQuery } from './videosApi.ts';
import { subtitleTitleOf } from './vttFiles.ts';

export { subtitleTitleOf } from './vttFiles.ts';

const EMPTY_VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\n';

function VttText({ video, language }: { video: VideoEntry; language: string }) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const title = subtitleTitleOf(video.title);
  const stored = useAdminSubtitleQuery({ base: apiBase, characterId: video.character_id, language, title });
  const [save, saved] = useAdminSaveSubtitleMutation();
  const [text, setText] = useState<string | null>(null);
  const failure = serverErrorOf(saved.error, t('characters.failed'));
  useLeaveGuard(text !== null && text !== (stored.data || EMPTY_VTT));
  if (stored.isLoading) return <Spinner label={t('characters.loading')} />;
  const value = text ?? (stored.data || EMPTY_VTT);
  return (
    <>
      {stored.data === '' && <p className="muted small">{t('videos.vtt.new', { language })}</p>}
      <TranslateDraft
        video={video}
        language={language}
        unsaved={text !== null}
        onDraft={(draft) => {
          setText(draft);
          saved.reset();
        }}
      />
      {failure && <Notice kind="error">{failure.message}</Notice>}
      {saved.isSuccess && text === null && (
        <Notice kind="success">{t('videos.vtt.saved', { cues: saved.data.cues })}</Notice>
      )}
      <TextAreaField
        label={t('videos.vtt.text', { file: `${language}/${title}.vtt` })}
        className="field__input field__input--area vtt-editor"
        spellCheck={false}
        value={value}
        onChange={(e) => {
          setText(e.target.value);
          saved.reset();
        }}
        rows={12}
      />
      <button
        type="button"
        className="btn btn--primary"
        disabled={saved.isLoading}
        onClick={() =>
          void save({ base: apiBase, characterId: video.character_id, language, title, vtt: value }).then((r) => {
            if (r.data) setText(null);
          })
        }
      >
        {t('videos.vtt.save')}
      </button>
    </>
  );
}

/** Loads, edits and saves the WebVTT of one clip per language; the server's validation error (with its line number) is shown as sent. */
export function SubtitleEditor({ video }: { video: VideoEntry }) {
  const { t } = useTranslation(ADMIN_NS);
  // Japanese first (the product's default language), else the first language the clip has.
  const [language, setLanguage] = useState(
    video.subtitle_languages.includes('ja-JP') ? 'ja-JP' : (video.subtitle_languages[0] ?? 'ja-JP'),
  );
  const choices = SUPPORTED_LANGUAGES.map((code) => ({
    value: code,
    label: video.subtitle_languages.includes(code) ? `${code} ✓` : code,
  }));
  return (
    <Card>
      <h2 className="section-title">{t('videos.vtt.title')}</h2>
      <SelectField
        label={t('videos.vtt.language')}
        choices={choices}
        value={language}
        // Another language replaces the editor (keyed by language): the text typed in this one would be lost.
        onChange={(e) => confirmUnsaved() && setLanguage(e.target.value)}
      />
      <VttText key={language} video={video} language={language} />
    </Card>
  );
}
