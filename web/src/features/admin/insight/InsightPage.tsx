import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { Character } from '@talkwith/proto/dialogue';
import { Card, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { refusalOf } from '../billing/ConfirmDialog.tsx';
import { useBlockEditorCharacterQuery } from '../blocks/blocksApi.ts';
import { CharacterNav } from '../characters/CharacterNav.tsx';
import { useAdminCharacterQuery } from '../characters/charactersApi.ts';
import { useAdminTexts } from '../i18n.ts';
import { BlockFiguresTable } from './BlockFiguresTable.tsx';
import { CoverageCard } from './CoverageCard.tsx';
import { MatchedSection } from './MatchedSection.tsx';
import { MatchKinds } from './MatchKinds.tsx';
import { insightApi, useBlockInsightQuery, useUnmatchedInsightQuery } from './insightApi.ts';
import { periodOfParams, type Period } from './period.ts';
import { PeriodPicker } from './PeriodPicker.tsx';
import { UnmatchedSection } from './UnmatchedSection.tsx';
import '../characters/characters.css';
import './insight.css';

/** How often the groups are read again while the insight has not caught up with a publish; ms. */
const CATCH_UP_POLL_MS = 1000;

function BlocksCard({ character, period }: { character: Character; period: Period }) {
  const { t } = useAdminTexts('insight.blocks');
  const { apiBase } = useAdminBase();
  const { data, isFetching, error } = useBlockInsightQuery({ base: apiBase, characterId: character.id, period });
  const titles = useMemo(() => new Map(character.blocks.map((b) => [b.id, b.title])), [character.blocks]);
  return (
    <Card className="ins-blocks">
      <div className="ins-section-head">
        <h3 className="section-title">{t('title')}</h3>
        {data && <span className="muted small">{t('talks', { count: data.talks })}</span>}
      </div>
      <MatchKinds matches={data?.matches} />
      {isFetching && !data && <Spinner label={t('loading')} />}
      {error && <Notice kind="error">{refusalOf(error, t('failed'))}</Notice>}
      {data && data.blocks.length === 0 && <p className="admin-empty">{t('none')}</p>}
      {data && data.blocks.length > 0 && (
        <BlockFiguresTable characterId={character.id} rows={data.blocks} titles={titles} />
      )}
    </Card>
  );
}

function InsightContent({ character }: { character: Character }) {
  const { t } = useAdminTexts('insight');
  const { apiBase } = useAdminBase();
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const period = useMemo(() => periodOfParams(new URLSearchParams(search)), [search]);
  const blockId = params.get('block');
  const unmatchedArgs = { base: apiBase, characterId: character.id, period, blockId };
  // A publish reaches the insight by an event: read the groups again until they are judged by the version published.
  const publishedVersion = useAdminCharacterQuery({ base: apiBase, id: character.id }).data?.character
    .published_version;
  const judgedBy = insightApi.endpoints.unmatchedInsight.useQueryState(unmatchedArgs).data?.recognition_version;
  const catchingUp = judgedBy !== undefined && publishedVersion !== undefined && judgedBy < publishedVersion;
  const unmatched = useUnmatchedInsightQuery(unmatchedArgs, { pollingInterval: catchingUp ? CATCH_UP_POLL_MS : 0 });
  const change = (next: Partial<Period & { block: string | null }>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next))
      if (value) merged.set(key, value);
      else merged.delete(key);
    setParams(merged, { replace: true });
  };
  return (
    <>
      <div className="admin-head">
        <h2 className="admin-head__title">{t('title')}</h2>
        <PeriodPicker period={period} onChange={(next) => change(next)} />
      </div>
      <div className="ins-top">
        <CoverageCard coverage={unmatched.data?.coverage} />
        <p className="muted small ins-top__lead">{t('lead')}</p>
      </div>
      <BlocksCard character={character} period={period} />
      <UnmatchedSection
        character={character}
        reply={unmatched.data}
        loading={unmatched.isFetching}
        error={unmatched.error}
        blockId={blockId}
        onBlock={(block) => change({ block })}
      />
      <MatchedSection character={character} period={period} blockId={blockId} />
    </>
  );
}

/**
 * `characters/:character_id/insight`: where users get stuck with this
 * character (per-block figures of a period) and what they said that it could
 * not answer, with the fix (a hit word or search phrase) one form away.
 */
export function InsightPage() {
  const { t } = useAdminTexts('insight');
  const { character_id: characterId = '' } = useParams();
  const { apiBase } = useAdminBase();
  const query = useBlockEditorCharacterQuery({ base: apiBase, characterId });
  const character = query.data?.character;
  return (
    <>
      <CharacterNav characterId={characterId} name={character?.name} />
      {query.isLoading && <Spinner label={t('loading')} />}
      {query.error && <Notice kind="error">{refusalOf(query.error, t('loadFailed'))}</Notice>}
      {character && <InsightContent character={character} />}
    </>
  );
}
