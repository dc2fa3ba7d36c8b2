import type { TFunction } from 'i18next';
import type { ActionButton } from '@talkwith/proto/dialogue';
import { errorMessageOf } from '../../api/index.ts';
import type { usePopup } from '../../app/shell.ts';
import type { useLocalized } from '../../i18n/localized.ts';
import type { useUsePointsMutation } from './dialogueApi.ts';
import type { EffectRunner } from './effectRunner.ts';

/** The action code a paid button spends its points on: its code, else its id (proto ActionButton.code). */
export const actionCodeOf = (button: ActionButton): string => (button.code?.trim() ? button.code.trim() : button.id);

export interface PaidActionDeps {
  runner: EffectRunner;
  characterId: string;
  userId: string;
  t: TFunction;
  localized: ReturnType<typeof useLocalized>;
  popup: ReturnType<typeof usePopup>;
  spendPoints: ReturnType<typeof useUsePointsMutation>[0];
}

/**
 * A paid button pressed by a logged-in user, with the talk paused: asks first (showing the cost), spends the
 * points (one Idempotency-Key per confirmed press) and only then acts; the talk resumes when the dialog closes.
 * Loaded at the first paid press (usePaidAction), out of the talk page's first load.
 */
export function confirmPaidAction(button: ActionButton, points: number, deps: PaidActionDeps): void {
  const { runner, t, popup } = deps;
  let paid = false;
  const key = crypto.randomUUID();
  const body = { points, action_code: actionCodeOf(button), character_id: deps.characterId, btn: button.id };
  const afterClose = () => {
    runner.send({ type: 'resume' });
    if (paid) runner.send({ type: 'actionButton', buttonId: button.id });
  };
  popup.show({
    message: t('player.paid.confirm', { title: deps.localized(button.title, button.title_i18n), points }),
    ok: {
      title: t('player.paid.use', { points }),
      onClick: async () => {
        const result = await deps.spendPoints({ userId: deps.userId, key, body });
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
}
