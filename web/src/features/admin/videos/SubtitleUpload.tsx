import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type VideoEntry } from '@talkwith/proto/catalog';
import { Card } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { useLeaveGuard } from '../useLeaveGuard.ts';
import { SelectField } from '../characters/fields.tsx';
import { serverErrorOf } from '../characters/serverError.ts';
import { useAdminSaveSubtitleMutation } from './videosApi.ts';
import { matchVttFile } from './vttFiles.ts';

interface FileResult {
  key: string;
  name: string;
  state: 'saving' | 'saved' | 'failed';
  /** What the row says: the clip and language it went to, or why it did not. */
  message: string;
}

/**
 * Subtitles from .vtt files, one or many at once: each file goes to the clip
 * its name names (`<title>.<language>.vtt`, or `<title>.vtt` in the chosen
 * language); the server validates each as the editor's save does, and every
 * file gets its own line (saved with its cue count, or the reason).
 */
export function SubtitleUpload({ characterId, videos }: { characterId: string; videos: readonly VideoEntry[] }) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [save] = useAdminSaveSubtitleMutation();
  const [language, setLanguage] = useState<string>(DEFAULT_LANGUAGE);
  const [results, setResults] = useState<FileResult[]>([]);
  useLeaveGuard(
    results.some((r) => r.state === 'saving'),
    { tabOnly: true },
  );
  const patch = (key: string, change: Partial<FileResult>) =>
    setResults((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const saveOne = async (file: File, key: string) => {
    const match = matchVttFile(file.name, videos, language);
    if (!match.ok)
      return patch(key, { state: 'failed', message: t(`videos.vttFiles.${match.reason}`, { title: match.title }) });
    const target = { clip: match.video.title, language: match.language };
    const saved = await save({
      base: apiBase,
      characterId,
      language: match.language,
      title: match.title,
      vtt: await file.text(),
    });
    if (saved.data)
      patch(key, { state: 'saved', message: t('videos.vttFiles.saved', { ...target, cues: saved.data.cues }) });
    else
      patch(key, {
        state: 'failed',
        message: `${t('videos.vttFiles.target', target)}: ${serverErrorOf(saved.error, t('characters.failed'))?.message ?? ''}`,
      });
  };
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const added = files.map((file, index) => ({ file, key: `${Date.now()}-${index}-${file.name}` }));
    setResults((all) => [
      ...added.map(({ file, key }): FileResult => ({
        key,
        name: file.name,
        state: 'saving',
        message: t('videos.vttFiles.saving'),
      })),
      ...all,
    ]);
    for (const { file, key } of added) await saveOne(file, key);
  };

  return (
    <Card>
      <h2 className="section-title">{t('videos.vttFiles.title')}</h2>
      <p className="muted small">{t('videos.vttFiles.rule')}</p>
      <div className="vtt-files__controls">
        <SelectField
          label={t('videos.vttFiles.language')}
          choices={SUPPORTED_LANGUAGES.map((code) => ({ value: code, label: code }))}
          value={language}
          onChange={(e) => setLanguage(e.target.value)}
        />
        <label className="btn btn--primary">
          {t('videos.vttFiles.choose')}
          <input
            type="file"
            multiple
            accept=".vtt,text/vtt"
            className="visually-hidden"
            onChange={(e) => void choose(e)}
          />
        </label>
      </div>
      {results.length > 0 && (
        <ul className="vtt-files__results">
          {results.map((r) => (
            <li
              key={r.key}
              className={`vtt-file vtt-file--${r.state}`}
              role={r.state === 'failed' ? 'alert' : undefined}
            >
              <strong>{r.name}</strong> <span className="small">{r.message}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
