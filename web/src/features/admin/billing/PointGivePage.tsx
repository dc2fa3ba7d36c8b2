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
import '../characters/characters.css';
import './billing.css';

type Action = 'give' | 'cancel';
interface Intent { user: PublicUser; action: Action; points: number; reason: string }

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
    <ConfirmDialog title={t(`billing.points.${intent.action}Title`)} confirmLabel={t(`billing.points.${intent.action}`)} danger={intent.action === 'cancel'}
      check={() => null} onConfirm={send} onClose={onClose}>
      <p>{t(`billing.points.${intent.action}Message`, { email: intent.user.email, id: intent.user.id, n: intent.points.toLocaleString() })}</p>
      <p className="muted small">{t('billing.reason')}：{intent.reason}</p>
    </ConfirmDialog>
  );
}

/** `point/give` (`?user=` names the user): an operator gives (MA0001) or cancels (MA0009) points of one user, after a confirmation; recent operator moves below. */
export function PointGivePage() {
  const { t } = useTranslation(ADMIN_NS);
  const lookUp = useUserLookup();
  const [params] = useSearchParams();
  const [who, setWho] = useState(params.get('user') ?? '');
  const [action, setAction] = useState<Action>('give');
  const [pointsText, setPointsText] = useState('');
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [intent, setIntent] = useState<Intent | null>(null);
  const points = positiveInteger(pointsText);
  const review = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const refused = !who.trim() ? t('billing.points.userRequired') : points === null ? t('billing.points.pointsInvalid') : reasonRefusal(reason, t('billing.reasonRequired'));
    setRefusal(refused);
    if (refused || points === null) return;
    try {
      const user = await lookUp(who);
      if (!user) { setRefusal(t('billing.points.userNotFound', { who: who.trim() })); return; }
      setIntent({ user, action, points, reason: reason.trim() });
    } catch (failure) { setRefusal(refusalOf(failure, t('billing.failed'))); }
  };
  const finished = () => {
    if (intent) setDone(t(`billing.points.${intent.action}Done`, { email: intent.user.email, n: intent.points.toLocaleString() }));
    setPointsText('');
    setReason('');
  };
  return (
    <>
      <div className="admin-head"><h2 className="admin-head__title">{t('billing.points.title')}</h2></div>
      <Card>
        <form className="billing-form" onSubmit={(e) => void review(e)} noValidate>
          <div className="form-grid">
            <Field label={t('billing.points.user')} value={who} onChange={(e) => setWho(e.target.value)} hint={t('billing.points.userHint')} />
            <SelectField label={t('billing.points.action')} value={action} onChange={(e) => setAction(e.target.value === 'cancel' ? 'cancel' : 'give')}
              choices={[{ value: 'give', label: t('billing.points.giveChoice') }, { value: 'cancel', label: t('billing.points.cancelChoice') }]} />
            <Field label={t('billing.points.points')} inputMode="numeric" value={pointsText} onChange={(e) => setPointsText(e.target.value)} />
          </div>
          <ReasonField value={reason} onChange={setReason} />
          {refusal && <Notice kind="error">{refusal}</Notice>}
          {done && <Notice kind="success">{done}</Notice>}
          <div className="form-actions"><button type="submit" className="btn btn--primary">{t('billing.points.review')}</button></div>
        </form>
      </Card>
      {intent && <MoveDialog intent={intent} onClose={() => setIntent(null)} onDone={finished} />}
      <PointHistory />
    </>
  );
}
