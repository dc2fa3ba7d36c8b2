import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCharacter, ImportChanges } from '@talkwith/proto/catalog';
import { Card, Notice } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { saveBlob } from '../saveBlob.ts';
import { ADMIN_NS } from '../i18n.ts';
import { useAdminExportCharacterMutation, useAdminImportCharacterMutation } from './charactersApi.ts';
import { serverErrorOf } from './serverError.ts';

function ChangeColumn({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h4>
        {title}（{items.length}）
      </h4>
      <ul>
        {items.slice(0, 50).map((item) => (
          <li key={item}>
            <code>{item}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ChangeList({ changes }: { changes: ImportChanges }) {
  const { t } = useTranslation(ADMIN_NS);
  const columns: [string, string[]][] = [
    [t('characters.import.blocksAdded'), changes.blocks.added],
    [t('characters.import.blocksChanged'), changes.blocks.changed],
    [t('characters.import.blocksRemoved'), changes.blocks.removed],
    [t('characters.import.videosAdded'), changes.videos.added],
    [t('characters.import.videosChanged'), changes.videos.changed],
    [t('characters.import.videosRemoved'), changes.videos.removed],
    [t('characters.import.settings'), changes.settings],
    [t('characters.import.lists'), changes.lists],
  ];
  if (columns.every(([, items]) => items.length === 0))
    return <p className="muted">{t('characters.import.nothing')}</p>;
  return (
    <div className="change-list">
      {columns.map(([title, items]) => (
        <ChangeColumn key={title} title={title} items={items} />
      ))}
    </div>
  );
}

/** Export the draft as JSON; import a file: a dry run lists what would change, then 「適用する」 applies it in one transaction. */
export function ImportExportPanel({ character, onApplied }: { character: AdminCharacter; onApplied: () => void }) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [exportCharacter, exported] = useAdminExportCharacterMutation();
  const [importCharacter, imported] = useAdminImportCharacterMutation();
  const [file, setFile] = useState<{ name: string; content: unknown } | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const result = imported.data;
  const failure = serverErrorOf(imported.error ?? exported.error, t('characters.failed'));

  const download = async () => {
    const text = await exportCharacter({ base: apiBase, id: character.id });
    if (text.data !== undefined)
      saveBlob(`${character.slug || character.id}.json`, new Blob([text.data], { type: 'application/json' }));
  };
  const run = async (content: unknown, dryRun: boolean) => {
    const outcome = await importCharacter({
      base: apiBase,
      body: { character_id: character.id, dry_run: dryRun, character: content },
    });
    if (!dryRun && outcome.data) onApplied();
  };
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    setFile(null);
    setReadError(null);
    imported.reset();
    if (!chosen) return;
    try {
      const content: unknown = JSON.parse(await chosen.text());
      setFile({ name: chosen.name, content });
      await run(content, true);
    } catch {
      setReadError(t('characters.import.notJson', { name: chosen.name }));
    }
  };

  return (
    <Card>
      <h2 className="section-title">{t('characters.import.title')}</h2>
      <p className="muted small">{t('characters.import.lead')}</p>
      <div className="form-actions">
        <button type="button" className="btn btn--ghost" disabled={exported.isLoading} onClick={() => void download()}>
          {t('characters.import.export')}
        </button>
        <label className="btn btn--ghost">
          {t('characters.import.choose')}
          <input
            type="file"
            accept="application/json,.json"
            className="visually-hidden"
            onChange={(e) => void choose(e)}
          />
        </label>
      </div>
      {readError && <Notice kind="error">{readError}</Notice>}
      {failure && (
        <Notice kind="error">
          {failure.message}
          {failure.errors.length > 1 && (
            <ul className="small">
              {failure.errors.slice(0, 20).map((e) => (
                <li key={`${e.path}-${e.message}`}>
                  <code>{e.path}</code> {e.message}
                </li>
              ))}
            </ul>
          )}
        </Notice>
      )}
      {file && result?.dry_run && (
        <div className="stack-top">
          <p>
            <strong>{t('characters.import.preview', { name: file.name })}</strong>
          </p>
          <ChangeList changes={result.changes} />
          <button
            type="button"
            className="btn btn--primary"
            disabled={imported.isLoading}
            onClick={() => void run(file.content, false)}
          >
            {t('characters.import.apply')}
          </button>
        </div>
      )}
      {result && !result.dry_run && <Notice kind="success">{t('characters.import.applied')}</Notice>}
    </Card>
  );
}
