import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ActionButton } from '@talkwith/proto/dialogue';
import { selectUser } from '../../api/index.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { usePopup } from '../../app/shell.ts';
import { useLocalized } from '../../i18n/localized.ts';
import { useUsePointsMutation } from './dialogueApi.ts';
import type { EffectRunner } from './effectRunner.ts';

/**
 * An action button: a free one acts at once; one with points asks first
 * (showing the cost), spends the points (POST /api/points/use/:user_id with
 * an Idempotency-Key, one per confirmed press) and only then acts (paidAction.ts,
 * loaded at the first paid press). The talk is paused while the user decides,
 * so the block cannot move on under the question and the points buy what the button said.
 */
export function usePaidAction(runner: EffectRunner, characterId: string) {
  const { t } = useTranslation();
  const localized = useLocalized();
  const popup = usePopup();
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  const [spendPoints] = useUsePointsMutation();

  return useCallback(
    (button: ActionButton) => {
      const points = button.points ?? 0;
      if (points <= 0) return runner.send({ type: 'actionButton', buttonId: button.id });
      if (!user) return void navigate(`/login?redirect=${encodeURIComponent(window.location.pathname)}`);
      runner.send({ type: 'pause' });
      const deps = { runner, characterId, userId: user.id, t, localized, popup, spendPoints };
      const resume = () => runner.send({ type: 'resume' });
      import('./paidAction.ts')
        .then(({ confirmPaidAction }) => confirmPaidAction(button, points, deps))
        // Its chunk did not load (offline, a new deploy): nothing was spent; say so, and the talk goes on.
        .catch(() =>
          popup.show({ message: t('player.paid.failed'), ok: { title: t('player.paid.close') }, onAfterClose: resume }),
        );
    },
    [runner, characterId, user, popup, spendPoints, navigate, t, localized],
  );
}
