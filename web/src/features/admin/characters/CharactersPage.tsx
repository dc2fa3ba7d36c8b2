import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminCharacterListItem } from '@talkwith/proto/catalog';
import { Card, Field, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { useAdminCharactersQuery } from './charactersApi.ts';
import { StateBadge } from './fields.tsx';
import { NewCharacterForm } from './NewCharacterForm.tsx';
import { serverErrorOf } from './serverError.ts';

function CharacterRow({ character }: { character: AdminCharacterListItem }) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const { basePath } = useAdminBase();
  const published = character.published_at !== null;
  return (
    <tr>
      <td>
        <Link className="admin-table__name" to={`${basePath}/characters/${encodeURIComponent(character.id)}`}>
          {character.avatar_url ? (
            <img className="admin-thumb" src={character.avatar_url} alt="" />
          ) : (
            <span className="admin-thumb" aria-hidden="true">
              {character.name.slice(0, 1)}
            </span>
          )}
          {character.name}
        </Link>
      </td>
      <td data-label={t('characters.field.slug')}>
        <code>{character.slug}</code>
      </td>
      <td data-label={t('characters.field.price')} className="num">
        {t('characters.yen', { n: character.price.toLocaleString(i18n.language) })}
      </td>
      <td data-label={t('characters.blocks')} className="num">
        {character.block_count}
      </td>
      <td data-label={t('characters.videos')} className="num">
        {character.video_count}
      </td>
      <td data-label={t('characters.state')}>
        <StateBadge published={published}>
          {published
            ? t('characters.published', { version: character.published_version })
            : t('characters.unpublished')}
        </StateBadge>
      </td>
      <td data-label={t('characters.updated')} className="muted small">
        {character.updated_at ? new Date(character.updated_at).toLocaleString(i18n.language) : '—'}
      </td>
    </tr>
  );
}

/** `characters`: every character, searched by name, 20 a page; a form adds a new one. */
export function CharactersPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [params, setParams] = useSearchParams();
  const [adding, setAdding] = useState(false);
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isFetching, error } = useAdminCharactersQuery({ base: apiBase, q: q.trim(), page });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.per_page)) : 1;
  const go = (next: { q?: string; page?: number }) => {
    const merged = { q, page, ...next };
    setParams(
      { ...(merged.q ? { q: merged.q } : {}), ...(merged.page > 1 ? { page: String(merged.page) } : {}) },
      { replace: true },
    );
  };
  return (
    <>
      <div className="admin-head">
        <h2 className="admin-head__title">{t('characters.title')}</h2>
        {!adding && (
          <button type="button" className="btn btn--primary" onClick={() => setAdding(true)}>
            {t('characters.new')}
          </button>
        )}
      </div>
      {adding && <NewCharacterForm onCancel={() => setAdding(false)} />}
      <Card>
        <div className="toolbar">
          <Field
            label={String(t('characters.search'))}
            type="search"
            name="q"
            value={q}
            onChange={(e) => go({ q: e.target.value, page: 1 })}
          />
        </div>
        {isFetching && !data && <Spinner label={t('characters.loading')} />}
        {error && <Notice kind="error">{serverErrorOf(error, t('characters.failed'))?.message}</Notice>}
        {data && data.characters.length === 0 && (
          <p className="admin-empty">{q ? t('characters.noMatch') : t('characters.none')}</p>
        )}
        {data && data.characters.length > 0 && (
          <table className="admin-table">
            <thead>
              <tr>
                <th>{t('characters.field.name')}</th>
                <th>{t('characters.field.slug')}</th>
                <th className="num">{t('characters.field.price')}</th>
                <th className="num">{t('characters.blocks')}</th>
                <th className="num">{t('characters.videos')}</th>
                <th>{t('characters.state')}</th>
                <th>{t('characters.updated')}</th>
              </tr>
            </thead>
            <tbody>
              {data.characters.map((c) => (
                <CharacterRow key={c.id} character={c} />
              ))}
            </tbody>
          </table>
        )}
        {data && pages > 1 && (
          <div className="pager">
            <button
              type="button"
              className="btn btn--ghost btn--small"
              disabled={page <= 1}
              onClick={() => go({ page: page - 1 })}
            >
              {t('characters.prev')}
            </button>
            <span>{t('characters.pageOf', { page, pages, total: data.total })}</span>
            <button
              type="button"
              className="btn btn--ghost btn--small"
              disabled={page >= pages}
              onClick={() => go({ page: page + 1 })}
            >
              {t('characters.next')}
            </button>
          </div>
        )}
      </Card>
    </>
  );
}
