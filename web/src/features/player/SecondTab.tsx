import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { selectUser } from '../../api/index.ts';
import type { RootState } from '../../app/store.ts';
import { Notice } from '../../app/ui.tsx';
import { SECOND_TAB_LOG_MESSAGE } from './tabGuard.ts';
import { makeLogSink } from './logSinks.ts';

/** A later tab on the same player URL: no player, the message, and the SPEC.md §8 log line (once). */
export function SecondTab({ characterId }: { characterId: string }) {
  const { t } = useTranslation();
  const store = useStore<RootState>();
  useEffect(() => {
    const state = store.getState();
    const logs = makeLogSink(selectUser(state)?.id ?? null, () => store.getState().session.accessToken);
    logs.log({
      category: 'error',
      message: SECOND_TAB_LOG_MESSAGE,
      extra: { url: window.location.pathname },
      characterId,
    });
    // Kept open while the notice shows, so the line leaves even over a slow socket.
    return () => logs.close();
  }, [store, characterId]);
  return (
    <section className="page">
      <Notice kind="error">{t('player.secondTab')}</Notice>
      <Link className="btn btn--ghost" to="/full/select_chat">
        {t('player.chooseAnother')}
      </Link>
    </section>
  );
}
