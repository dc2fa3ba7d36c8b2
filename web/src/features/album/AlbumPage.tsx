import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, Notice, Page, Spinner } from '../../app/ui.tsx';
import { AlbumEntries } from './AlbumEntries.tsx';
import { albumSections, type AlbumSection } from './albumModel.ts';
import { ReplayViewer } from './ReplayViewer.tsx';
import { ShareMeter } from './ShareMeter.tsx';
import { useAlbumData } from './useAlbumData.ts';
import './album.css';

/** /full/album/{slug} (login required): what share of the character the caller has found, conversation by conversation. */
export default function AlbumPage() {
  const { t } = useTranslation();
  const slug = useParams().character_slug ?? '';
  const { character, album, loading, notFound, failed, retry } = useAlbumData(slug);

  if (loading) return <Page title={t('album.title')}><Spinner label={t('common.loading')} /></Page>;
  if (notFound) return <AlbumMissing />;
  if (failed || !character || !album) {
    return (
      <Page title={t('album.title')}>
        <Notice kind="error">{t('album.loadFailed')}</Notice>
        <button type="button" className="btn btn--ghost" onClick={retry}>{t('album.retry')}</button>
      </Page>
    );
  }
  const sections = albumSections(character, album);
  return (
    <Page title={t('album.titleOf', { name: character.name })} lead={t('album.lead')} wide>
      <div className="album">
        <Card className="album__summary">
          <ShareMeter label={t('album.foundAll')} found={album.found} total={album.total} />
          <div className="album__links">
            <Link className="btn btn--primary btn--small" to={`/full/chat/${encodeURIComponent(slug)}`}>{t('album.talk', { name: character.name })}</Link>
            <Link className="btn btn--ghost btn--small" to="/chat">{t('album.toTalks')}</Link>
          </div>
        </Card>
        <ReplayViewer character={character} foundIds={new Set(album.blocks.map((block) => block.block_id))} />
        {album.found === 0 && <Notice kind="info">{t('album.nothingYet')}</Notice>}
        {sections.map((section) => <SectionCard key={section.id} slug={slug} section={section} />)}
      </div>
    </Page>
  );
}

function SectionCard({ slug, section }: { slug: string; section: AlbumSection }) {
  const { t } = useTranslation();
  const title = section.title || t('album.others');
  const found = section.entries.filter((entry) => entry.kind === 'found').length;
  const headingId = `album-section-${section.id}`;
  return (
    <section className="card album-section" aria-labelledby={headingId}>
      <div className="album-section__head">
        <h2 className="section-title" id={headingId}>{title}</h2>
        <span className="album-section__count">{t('album.count', { found, total: section.entries.length })}</span>
      </div>
      <AlbumEntries entries={section.entries} label={title} />
      {section.button && (
        <Link className="album-section__more" to={`/full/album/${encodeURIComponent(slug)}/${encodeURIComponent(section.button.id)}`}>
          {t('album.openConversation', { title })}
        </Link>
      )}
    </section>
  );
}

export function AlbumMissing() {
  const { t } = useTranslation();
  return (
    <Page title={t('album.title')}>
      <Card>
        <p>{t('album.notFound')}</p>
        <Link className="btn btn--primary btn--block" to="/chat">{t('album.toTalks')}</Link>
      </Card>
    </Page>
  );
}
