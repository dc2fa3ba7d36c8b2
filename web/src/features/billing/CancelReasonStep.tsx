import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice, Spinner } from '../../app/ui.tsx';
import { useCancelReasonsQuery } from './billingApi.ts';

/** What the subscriber answered: the reason chosen (cancel_reasons/list) and, if written, their own words. */
export interface CancelChoice {
  reason_id?: string;
  reason?: string;
}

export const CANCEL_COMMENT_MAX = 500;

/**
 * The step before a plan is cancelled: why (one of the operators' reasons,
 * required when the list is there) and an optional comment. When the list
 * cannot be loaded the subscriber may still go on: a cancel is never blocked
 * by the survey.
 */
export function CancelReasonStep({ onNext, onBack }: { onNext: (choice: CancelChoice) => void; onBack: () => void }) {
  const { t } = useTranslation('billing');
  const reasons = useCancelReasonsQuery();
  const [reasonId, setReasonId] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const commentId = useId();
  const listed = reasons.data?.reasons ?? [];
  const canGoOn = reasonId !== null || reasons.isError;
  const next = () => {
    const text = comment.trim();
    onNext({ ...(reasonId ? { reason_id: reasonId } : {}), ...(text ? { reason: text } : {}) });
  };
  return (
    <form
      className="cancel-reasons"
      onSubmit={(e) => {
        e.preventDefault();
        if (canGoOn) next();
      }}
    >
      <fieldset>
        <legend className="cancel-reasons__title">{t('billing.cancelReason.title')}</legend>
        <p className="small muted">{t('billing.cancelReason.lead')}</p>
        {reasons.isLoading && <Spinner label={t('billing.loading')} />}
        {reasons.isError && <Notice kind="info">{t('billing.cancelReason.loadFailed')}</Notice>}
        <ul className="cancel-reasons__list">
          {listed.map((reason) => (
            <li key={reason.reason_id}>
              <label className="cancel-reasons__option">
                <input
                  type="radio"
                  name="cancel_reason"
                  value={reason.reason_id}
                  checked={reasonId === reason.reason_id}
                  onChange={() => setReasonId(reason.reason_id)}
                />
                <span>{reason.label}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <label className="cancel-reasons__comment" htmlFor={commentId}>
        {t('billing.cancelReason.comment')}
      </label>
      <textarea
        id={commentId}
        value={comment}
        maxLength={CANCEL_COMMENT_MAX}
        rows={3}
        onChange={(e) => setComment(e.target.value)}
      />
      <p className="small muted" aria-live="polite">
        {t('billing.cancelReason.count', { count: comment.length, max: CANCEL_COMMENT_MAX })}
      </p>
      <div className="billing-actions">
        <button type="button" className="btn btn--ghost" onClick={onBack}>
          {t('billing.back')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={!canGoOn}>
          {t('billing.cancelReason.next')}
        </button>
      </div>
    </form>
  );
}
