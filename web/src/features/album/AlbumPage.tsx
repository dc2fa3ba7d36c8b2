import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, Notice, Page } from '../../app/ui.tsx';
import { AlbumEntries } from './AlbumEntries.tsx';
import { AlbumUnready } from './AlbumStates.tsx';
import { albumSections, servedBlockIds, type AlbumSection } from './albumModel.ts';
import { ReplayViewer } from './ReplayViewer.tsx';
import { ShareMeter } from './ShareMeter.tsx';
import { useAlbumData } from './useAlbumData.ts';
import { useLocalized } from '../../i18n/localized.ts';
import './album.css';

/** /full/album/{slug} (login required): what share of the character the caller has found, conversation by conversation. */
export default function AlbumPage() {
  const { t } = useTranslation('album');
  const slug = useParams().character_slug ?? '';
  const state = useAlbumData(slug);
  const { character, album } = state;
  const localized = useLocalized();

  if (state.loading || state.notFound || state.failed || !character || !album) return <AlbumUnready state={state} />;
  const name = localized(character.name, character.name_i18n);
  const sections = albumSections(character, album);
  const replayable = servedBlockIds(character);
  return (
    <Page title={t('album.titleOf', { name })} lead={t('album.lead')} wide>
      <div className="album">
        <Card className="album__summary">
          <ShareMeter label={t('album.foundAll')} found={album.found} total={album.total} />
          <div className="album__links">
            <Link className="btn btn--primary btn--small" to={`/full/chat/${encodeURIComponent(slug)}`}>
              {t('album.talk', { name })}
            </Link>
            <Link className="btn btn--ghost btn--small" to="/chat">
              {t('album.toTalks')}
            </Link>
          </div>
        </Card>
        <ReplayViewer character={character} foundIds={new Set(album.blocks.map((block) => block.block_id))} />
        {album.found === 0 && <Notice kind="info">{t('album.nothingYet')}</Notice>}
        {album.found > 0 && character.access === 'preview' && (
          <Notice kind="info">{t('album.previewNote', { name })}</Notice>
        )}
        {sections.map((section) => (
          <SectionCard key={section.id} slug={slug} section={section} replayable={replayable} />
        ))}
      </div>
    </Page>
  );
}

function SectionCard({
  slug,
  section,
  replayable,
}: {
  slug: string;
  section: AlbumSection;
  replayable: ReadonlySet<string>;
}) {
  const { t } = useTranslation('album');
  const localized = useLocalized();
  const title = section.title ? localized(section.title, section.title_i18n) : t('album.others');
  const found = section.entries.filter((entry) => entry.kind === 'found').length;
  const headingId = `album-section-${section.id}`;
  return (
    <section className="card album-section" aria-labelledby={headingId}>
      <div className="album-section__head">
        <h2 className="section-title" id={headingId}>
          {title}
        </h2>
        <span className="album-section__count">{t('album.count', { found, total: section.entries.length })}</span>
      </div>
      <AlbumEntries entries={section.entries} label={title} replayable={replayable} />
      {section.button && (
        <Link
          className="album-section__more"
          to={`/full/album/${encodeURIComponent(slug)}/${encodeURIComponent(section.button.id)}`}
        >
          {t('album.openConversation', { title })}
        </Link>
      )}
    </section>
  );
}
