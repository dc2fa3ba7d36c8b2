import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoEntry } from '@talkwith/proto/catalog';
import { useAppDispatch } from '../../../app/hooks.ts';
import { Notice } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { SelectField } from '../characters/fields.tsx';
import { serverErrorOf } from '../characters/serverError.ts';
import { useAdminTranslateMutation, videosApi } from './videosApi.ts';
import { isSupportedLanguage, subtitleTitleOf, translateCueText } from './vttFiles.ts';

type Outcome =
  | { kind: 'drafted'; untranslated: number; from: string }
  | { kind: 'noSource'; from: string }
  | { kind: 'failed'; message: string };

/**
 * 「翻訳して下書き」: the clip's subtitle in another language it already has,
 * each cue's text sent through POST /api/admin/translate, put into the editor
 * as a draft (nothing is saved until the operator saves it). `unsaved`: the
 * editor holds text not saved yet; once it is saved, the 「翻訳して下書きにしました」
 * notice goes (it describes a draft to check before saving).
 */
export function TranslateDraft({
  video,
  language,
  unsaved,
  onDraft,
}: {
  video: VideoEntry;
  language: string;
  unsaved: boolean;
  onDraft: (vtt: string) => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const dispatch = useAppDispatch();
  const [translate] = useAdminTranslateMutation();
  const sources = video.subtitle_languages.filter((code) => code !== language);
  const [from, setFrom] = useState(sources.includes('ja-JP') ? 'ja-JP' : (sources[0] ?? ''));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [wasUnsaved, setWasUnsaved] = useState(unsaved);
  if (unsaved !== wasUnsaved) {
    setWasUnsaved(unsaved);
    if (!unsaved && outcome?.kind === 'drafted') setOutcome(null);
  }
  if (sources.length === 0) return null;
  const source = sources.includes(from) ? from : sources[0]!;

  const draft = async () => {
    if (!isSupportedLanguage(language)) return;
    setBusy(true);
    setOutcome(null);
    const failed = (error: Parameters<typeof serverErrorOf>[0]) =>
      setOutcome({
        kind: 'failed',
        message: serverErrorOf(error, t('characters.failed'))?.message ?? t('characters.failed'),
      });
    const args = {
      base: apiBase,
      characterId: video.character_id,
      language: source,
      title: subtitleTitleOf(video.title),
    };
    const stored = await dispatch(
      videosApi.endpoints.adminSubtitle.initiate(args, { subscribe: false, forceRefetch: true }),
    );
    if (stored.error || !stored.data) {
      setBusy(false);
      return stored.error ? failed(stored.error) : setOutcome({ kind: 'noSource', from: source });
    }
    let refusal: Parameters<typeof serverErrorOf>[0] = null;
    const drafted = await translateCueText(stored.data, async (line) => {
      const reply = await translate({ base: apiBase, text: line, target: language });
      refusal ??= reply.error ?? null;
      return reply.data ?? { text: line, available: false };
    });
    setBusy(false);
    if (refusal) return failed(refusal);
    onDraft(drafted.vtt);
    setOutcome({ kind: 'drafted', untranslated: drafted.untranslated, from: source });
  };

  return (
    <div className="vtt-translate">
      <SelectField
        label={t('videos.vtt.translateFrom')}
        choices={sources.map((code) => ({ value: code, label: code }))}
        value={source}
        onChange={(e) => setFrom(e.target.value)}
      />
      <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => void draft()}>
        {t('videos.vtt.translate')}
      </button>
      {outcome?.kind === 'drafted' && (
        <Notice kind="success">
          {t('videos.vtt.translated', { from: outcome.from })}
          {outcome.untranslated > 0 && ` ${t('videos.vtt.untranslated', { n: outcome.untranslated })}`}
        </Notice>
      )}
      {outcome?.kind === 'noSource' && <Notice kind="error">{t('videos.vtt.noSource', { from: outcome.from })}</Notice>}
      {outcome?.kind === 'failed' && <Notice kind="error">{outcome.message}</Notice>}
    </div>
  );
}
