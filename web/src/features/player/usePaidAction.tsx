import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ActionButton } from '@talkwith/proto/dialogue';
import { errorMessageOf, selectUser } from '../../api/index.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { usePopup } from '../../app/shell.ts';
import { useLocalized } from '../../i18n/localized.ts';
import { useUsePointsMutation } from './dialogueApi.ts';
import type { EffectRunner } from './effectRunner.ts';

/** The action code a paid button spends its points on: its code, else its id (proto ActionButton.code). */
export const actionCodeOf = (button: ActionButton): string => (button.code?.trim() ? button.code.trim() : button.id);

/**
 * An action button: a free one acts at once; one with points asks first
 * (showing the cost), spends the points (POST /api/points/use/:user_id with
 * an Idempotency-Key, one per confirmed press) and only then acts. The talk
 * is paused while the user decides, so the block cannot move on under the
 * question and the points buy what the button said.
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
      const act = () => runner.send({ type: 'actionButton', buttonId: button.id });
      const points = button.points ?? 0;
      if (points <= 0) return act();
      if (!user) return void navigate(`/login?redirect=${encodeURIComponent(window.location.pathname)}`);
      runner.send({ type: 'pause' });
      let paid = false;
      const key = crypto.randomUUID();
      const body = { points, action_code: actionCodeOf(button), character_id: characterId, btn: button.id };
      const afterClose = () => {
        runner.send({ type: 'resume' });
        if (paid) act();
      };
      popup.show({
        message: t('player.paid.confirm', { title: localized(button.title, button.title_i18n), points }),
        ok: {
          title: t('player.paid.use', { points }),
          onClick: async () => {
            const result = await spendPoints({ userId: user.id, key, body });
            if (result.data) {
              paid = true;
              return undefined;
            }
            // The server's own words (INSUFFICIENT_POINTS: 「ポイントが足りません。」); this dialog gives way to them.
            popup.show({
              message: errorMessageOf(result.error, t('player.paid.failed')),
              ok: { title: t('player.paid.close') },
              onAfterClose: afterClose,
            });
            return false;
          },
        },
        cancel: { title: t('player.paid.cancel') },
        onAfterClose: afterClose,
      });
    },
    [runner, characterId, user, popup, spendPoints, navigate, t, localized],
  );
}
