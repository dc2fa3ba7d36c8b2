import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, Notice, Page } from '../../app/ui.tsx';
import { AlbumMissing, AlbumUnready } from './AlbumStates.tsx';
import { AlbumEntries } from './AlbumEntries.tsx';
import { buttonSection, servedBlockIds } from './albumModel.ts';
import { ReplayViewer } from './ReplayViewer.tsx';
import { ShareMeter } from './ShareMeter.tsx';
import { useAlbumData } from './useAlbumData.ts';
import { useLocalized } from '../../i18n/localized.ts';
import './album.css';

/** /full/album/{slug}/{button_id} (login required): the conversation a start button opens, its found blocks in order, with replay. */
export default function AlbumConversationPage() {
  const { t } = useTranslation('album');
  const { character_slug: slug = '', button_id: buttonId = '' } = useParams();
  const state = useAlbumData(slug);
  const { character, album } = state;
  const localized = useLocalized();

  if (state.loading || state.notFound || state.failed || !character || !album) return <AlbumUnready state={state} />;
  const name = localized(character.name, character.name_i18n);
  const section = buttonSection(character, album, buttonId);
  if (!section) return <AlbumMissing />;
  const found = section.entries.filter((entry) => entry.kind === 'found').length;
  const title = localized(section.title, section.title_i18n);
  return (
    <Page title={title} lead={t('album.conversationLead', { name })} wide>
      <div className="album album--single">
        <Card className="album__summary">
          <ShareMeter label={t('album.foundConversation')} found={found} total={section.entries.length} />
          <div className="album__links">
            <Link className="btn btn--ghost btn--small" to={`/full/album/${encodeURIComponent(slug)}`}>
              {t('album.backToAlbum', { name })}
            </Link>
          </div>
        </Card>
        <ReplayViewer character={character} foundIds={new Set(album.blocks.map((block) => block.block_id))} />
        {found > 0 && character.access === 'preview' && <Notice kind="info">{t('album.previewNote', { name })}</Notice>}
        <section className="card album-section" aria-label={title}>
          <AlbumEntries entries={section.entries} label={title} replayable={servedBlockIds(character)} />
        </section>
      </div>
    </Page>
  );
}
