import { useDeferredValue } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasSessionHint, selectSession } from '../../api/index.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { Notice } from '../../app/ui.tsx';
import { useCharacterBySlugQuery } from './playerApi.ts';
import { PlayerBoot } from '../../app/shell.ts';
import { PlayerScreen } from './PlayerScreen.tsx';
import { SecondTab } from './SecondTab.tsx';
import { useTabClaim } from './tabGuard.ts';
import { useOperatorDraft } from './useOperatorDraft.tsx';
import './player.css';

/** /full/chat/{character_slug}: loads the playable character, then the player. */
export default function PlayerPage() {
  const { t } = useTranslation();
  const { character_slug: slug = '' } = useParams();
  const [params] = useSearchParams();
  // One tab per player URL (SPEC.md §8): a later tab is refused. Keyed by the character's URL name, so the
  // language-prefixed URL of the same page (/ja/full/chat/...) and ?mic_test=1 count as the same URL.
  const claim = useTabClaim(`talkwith-player:${slug}`);
  const session = useAppSelector(selectSession);
  // A signed-in customer is served their unlocked blocks: while a session may still be
  // restoring (page load with a session cookie), wait for it rather than fetch the
  // logged-out view; a visitor without one starts at once.
  const restoring = session.status === 'unknown' && hasSessionHint();
  const query = useCharacterBySlugQuery({ slug, viewer: session.user?.id ?? null }, { skip: restoring });
  const { isError } = query;
  // The character arrives in a store update, which React renders at once and whole: the player's first
  // render (the largest of the page) is deferred instead, so it is rendered in slices that yield to input
  // (total blocking time on a phone); the boot poster stays on screen meanwhile. Only the first arrival:
  // later changes (a refetch, the session restored) reach the mounted player at once, as before.
  const firstArrival = useDeferredValue(query.data);
  const data = firstArrival === undefined ? undefined : query.data;
  const isLoading = query.isLoading || (query.data !== undefined && firstArrival === undefined);
  const operator = useOperatorDraft(slug, { data, isError, settled: !restoring && !isLoading });
  if (restoring || isLoading || (operator.wanted && !operator.found && !operator.failed))
    return (
      <>
        {operator.host}
        <PlayerBoot slug={slug} label={t('player.loading')} />
      </>
    );
  if (operator.found) {
    const { draft, run } = operator.found;
    if (claim !== 'owner')
      return claim === 'refused' ? (
        <SecondTab characterId={draft.dialogue.id} />
      ) : (
        <PlayerBoot slug={slug} label={t('player.loading')} />
      );
    return <PlayerScreen playable={draft} slug={slug} draft={run} />;
  }
  if (isError || !data) {
    return (
      <section className="page">
        <Notice kind="error">{t('player.notFound')}</Notice>
        <Link className="btn btn--ghost" to="/full/select_chat">
          {t('player.chooseAnother')}
        </Link>
      </section>
    );
  }
  if (claim === 'pending') return <PlayerBoot slug={slug} label={t('player.loading')} />;
  if (claim === 'refused') return <SecondTab characterId={data.character.dialogue.id} />;
  // /mic_test links here with ?mic_test=1: a character with a mic-test block starts its talk as a mic test.
  const micTest = params.get('mic_test') === '1' && Boolean(data.character.dialogue.setting.for_mic_test);
  return <PlayerScreen playable={data.character} slug={slug} micTest={micTest} />;
}
