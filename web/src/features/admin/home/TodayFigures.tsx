import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { LogSummaryReply } from '@talkwith/proto/logging';
import { Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { refusalOf } from '../billing/ConfirmDialog.tsx';
import { yen } from '../billing/format.ts';
import { useAdminTexts } from '../i18n.ts';
import { paramsOfCriteria } from '../logs/logFilter.ts';
import { useAdminLogSummaryQuery } from '../logs/logsAdminApi.ts';
import { Sparkline } from './Sparkline.tsx';

type Figure = 'talks' | 'signups' | 'revenue_yen' | 'errors';
const FIGURES: readonly Figure[] = ['talks', 'signups', 'revenue_yen', 'errors'];

/** Money with its sign in front of the yen mark (a day of refunds is negative). */
const signedYen = (amount: number, language: string) =>
  amount < 0 ? `-${yen(-amount, language)}` : yen(amount, language);

/** Where each figure leads: the day's error logs, the day's purchases, the users list; talks have no page of their own. */
function linkOf(figure: Figure, date: string, basePath: string): string | null {
  if (figure === 'errors')
    return `${basePath}/logs?${new URLSearchParams(paramsOfCriteria({ types: ['error'], from: date, to: date }))}`;
  if (figure === 'revenue_yen') return `${basePath}/payment/history?${new URLSearchParams({ from: date, to: date })}`;
  if (figure === 'signups') return `${basePath}/full/users`;
  return null;
}

function FigureTile({ figure, summary }: { figure: Figure; summary: LogSummaryReply }) {
  const { t, i18n } = useAdminTexts('home.today');
  const { basePath } = useAdminBase();
  const show = (value: number) =>
    figure === 'revenue_yen' ? signedYen(value, i18n.language) : value.toLocaleString(i18n.language);
  const week = summary.days.map((day) => `${day.date.slice(5).replace('-', '/')} ${show(day[figure])}`).join('、');
  const body: ReactNode = (
    <>
      <span className="home-figure__label">{t(figure)}</span>
      <span
        className={`home-figure__value${figure === 'errors' && summary.errors > 0 ? ' home-figure__value--alert' : ''}`}
      >
        {show(summary[figure])}
      </span>
      {summary.days.length > 0 && (
        <Sparkline values={summary.days.map((day) => day[figure])} label={t('trend', { week })} />
      )}
    </>
  );
  const to = linkOf(figure, summary.date, basePath);
  return to ? (
    <Link className="home-tile home-figure" to={to}>
      {body}
    </Link>
  ) : (
    <div className="home-tile home-figure">{body}</div>
  );
}

/** The day's figures from GET logs/summary (today in Japan), each with its week beside it. */
export function TodayFigures() {
  const { t } = useAdminTexts('home.today');
  const { apiBase } = useAdminBase();
  const { data, isLoading, error } = useAdminLogSummaryQuery({ base: apiBase });
  return (
    <section className="home-today" aria-labelledby="home-today-title">
      <h2 id="home-today-title" className="section-title">
        {data ? t('titleOn', { date: data.date.replaceAll('-', '/') }) : t('title')}
      </h2>
      {isLoading && <Spinner label={t('loading')} />}
      {error && <Notice kind="error">{refusalOf(error, t('failed'))}</Notice>}
      {data && (
        <div className="home-tiles">
          {FIGURES.map((figure) => (
            <FigureTile key={figure} figure={figure} summary={data} />
          ))}
        </div>
      )}
    </section>
  );
}
