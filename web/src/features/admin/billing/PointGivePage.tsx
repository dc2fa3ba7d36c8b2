import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PublicUser } from '@talkwith/proto/identity';
import { Card, Field, Notice } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { SelectField } from '../characters/fields.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { useAdminMovePointsMutation } from './billingAdminApi.ts';
import { ConfirmDialog, refusalOf } from './ConfirmDialog.tsx';
import { positiveInteger } from './format.ts';
import { useIntentKey } from './intent.ts';
import { PointHistory } from './PointHistory.tsx';
import { ReasonField, reasonRefusal } from './ReasonField.tsx';
import { useUserLookup } from './userLookup.ts';
import { UserPicker, useAccountOptions } from '../users/UserPicker.tsx';
import '../characters/characters.css';
import './billing.css';

type Action = 'give' | 'cancel';
interface Intent {
  user: PublicUser;
  action: Action;
  points: number;
  reason: string;
}

function MoveDialog({ intent, onClose, onDone }: { intent: Intent; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [move] = useAdminMovePointsMutation();
  const key = useIntentKey();
  const request = { action: intent.action, user_id: intent.user.id, points: intent.points, reason: intent.reason };
  const send = async () => {
    await move({ base: apiBase, ...request, idempotencyKey: key.keyFor(request) }).unwrap();
    key.done();
    onDone();
  };
  return (
    <ConfirmDialog
      title={t(`billing.points.${intent.action}Title`)}
      confirmLabel={t(`billing.points.${intent.action}`)}
      danger={intent.action === 'cancel'}
      check={() => null}
      onConfirm={send}
      onClose={onClose}
    >
      <p>
        {t(`billing.points.${intent.action}Message`, {
          email: intent.user.email,
          id: intent.user.id,
          n: intent.points.toLocaleString(),
        })}
      </p>
      <p className="muted small">
        {t('billing.reason')}：{intent.reason}
      </p>
    </ConfirmDialog>
  );
}

/** The form's fields; `review()` checks them, finds the user and answers the intent to confirm (or sets the refusal and answers null). */
function usePointForm(initialUser: string) {
  const { t } = useTranslation(ADMIN_NS);
  const lookUp = useUserLookup();
  const [who, setWho] = useState(initialUser);
  const [action, setAction] = useState<Action>('give');
  const [pointsText, setPointsText] = useState('');
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const review = async (): Promise<Intent | null> => {
    const points = positiveInteger(pointsText);
    const refused = !who.trim()
      ? t('billing.points.userRequired')
      : points === null
        ? t('billing.points.pointsInvalid')
        : reasonRefusal(reason, t('billing.reasonRequired'));
    setRefusal(refused);
    if (refused || points === null) return null;
    try {
      const user = await lookUp(who);
      if (user) return { user, action, points, reason: reason.trim() };
      setRefusal(t('billing.points.userNotFound', { who: who.trim() }));
    } catch (failure) {
      setRefusal(refusalOf(failure, t('billing.failed')));
    }
    return null;
  };
  const clear = () => {
    setPointsText('');
    setReason('');
  };
  return { who, setWho, action, setAction, pointsText, setPointsText, reason, setReason, refusal, review, clear };
}

/** `point/give` (`?user=` names the user): an operator gives (MA0001) or cancels (MA0009) points of one user, after a confirmation; recent operator moves below. */
export function PointGivePage() {
  const { t } = useTranslation(ADMIN_NS);
  const [params] = useSearchParams();
  const form = usePointForm(params.get('user') ?? '');
  const [done, setDone] = useState<string | null>(null);
  const [intent, setIntent] = useState<Intent | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    setIntent(await form.review());
  };
  const finished = () => {
    if (intent)
      setDone(
        t(`billing.points.${intent.action}Done`, { email: intent.user.email, n: intent.points.toLocaleString() }),
      );
    form.clear();
  };
  return (
    <>
      <div className="admin-head">
        <h2 className="admin-head__title">{t('billing.points.title')}</h2>
      </div>
      <Card>
        <form className="billing-form" onSubmit={(e) => void submit(e)} noValidate>
          <div className="form-grid">
            <UserPicker
              label={t('billing.points.user')}
              value={form.who}
              onChange={form.setWho}
              hint={t('billing.points.userHint')}
              useOptions={useAccountOptions}
            />
            <SelectField
              label={t('billing.points.action')}
              value={form.action}
              onChange={(e) => form.setAction(e.target.value === 'cancel' ? 'cancel' : 'give')}
              choices={[
                { value: 'give', label: t('billing.points.giveChoice') },
                { value: 'cancel', label: t('billing.points.cancelChoice') },
              ]}
            />
            <Field
              label={t('billing.points.points')}
              inputMode="numeric"
              value={form.pointsText}
              onChange={(e) => form.setPointsText(e.target.value)}
            />
          </div>
          <ReasonField value={form.reason} onChange={form.setReason} />
          {form.refusal && <Notice kind="error">{form.refusal}</Notice>}
          {done && <Notice kind="success">{done}</Notice>}
          <div className="form-actions">
            <button type="submit" className="btn btn--primary">
              {t('billing.points.review')}
            </button>
          </div>
        </form>
      </Card>
      {intent && <MoveDialog intent={intent} onClose={() => setIntent(null)} onDone={finished} />}
      <PointHistory />
    </>
  );
}
