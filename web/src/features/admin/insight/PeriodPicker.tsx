import { useState, type FormEvent } from 'react';
import { useAdminTexts } from '../i18n.ts';
import { daysOf, lastDays, QUICK_DAYS, type Period } from './period.ts';

/** The period of the figures: 7 / 30 / 90 日 at a click (ending today, Japan time), or two Japan days and 表示. */
export function PeriodPicker({ period, onChange }: { period: Period; onChange: (next: Period) => void }) {
  const { t } = useAdminTexts('insight.period');
  const [draft, setDraft] = useState(period);
  const [shown, setShown] = useState(period);
  // A new period from the address (a quick choice, back/forward) refills the inputs.
  if (shown.from !== period.from || shown.to !== period.to) {
    setShown(period);
    setDraft(period);
  }
  const quick = QUICK_DAYS.find((days) => {
    const p = lastDays(days);
    return p.from === period.from && p.to === period.to;
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.from && draft.to && draft.from <= draft.to) onChange(draft);
  };
  return (
    <form className="ins-period" onSubmit={submit} aria-label={t('label')}>
      <div className="ins-period__quick" role="group" aria-label={t('quick')}>
        {QUICK_DAYS.map((days) => (
          <button
            key={days}
            type="button"
            className={`btn btn--small ${quick === days ? 'btn--primary' : 'btn--ghost'}`}
            aria-pressed={quick === days}
            onClick={() => onChange(lastDays(days))}
          >
            {t('days', { days })}
          </button>
        ))}
      </div>
      <label className="ins-period__day">
        <span className="visually-hidden">{t('from')}</span>
        <input
          type="date"
          className="field__input"
          value={draft.from}
          max={draft.to}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
        />
      </label>
      <span aria-hidden="true">〜</span>
      <label className="ins-period__day">
        <span className="visually-hidden">{t('to')}</span>
        <input
          type="date"
          className="field__input"
          value={draft.to}
          min={draft.from}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
        />
      </label>
      <button
        type="submit"
        className="btn btn--ghost btn--small"
        disabled={!draft.from || !draft.to || draft.from > draft.to}
      >
        {t('apply')}
      </button>
      <span className="muted small">{t('span', { days: daysOf(period) })}</span>
    </form>
  );
}
