import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SerialOrCouponReply } from '@talkwith/proto/engagement';
import { Card, Field, Notice } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { refusalOf } from '../billing/ConfirmDialog.tsx';
import { ADMIN_NS, useAdminTexts } from '../i18n.ts';
import { Badge, Facts } from './Facts.tsx';
import { useLazyAdminSerialOrCouponQuery } from './serialsAdminApi.ts';
import { japanTime } from './time.ts';

/** What a looked-up code is: its state, who redeemed it and when, and its batch. */
function Found({ reply }: { reply: SerialOrCouponReply }) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const { basePath } = useAdminBase();
  const { serial, coupon } = reply;
  const { t: l } = useAdminTexts('engagement.serials.lookup');
  const couponLink = <Link to={`${basePath}/serials/${encodeURIComponent(coupon.coupon_id)}`}>{coupon.name}</Link>;
  if (!serial) return <Facts rows={[[l('coupon'), couponLink]]} />;
  const used = serial.redeemed_by !== null;
  return (
    <Facts
      rows={[
        [l('code'), <code className="engagement-code">{serial.id}</code>],
        [
          l('state'),
          <>
            {used ? (
              <Badge tone="off">{t('engagement.serials.used')}</Badge>
            ) : (
              <Badge tone="on">{t('engagement.serials.unused')}</Badge>
            )}
            {serial.is_debug && (
              <>
                {' '}
                <Badge tone="warn">{t('engagement.serials.debug')}</Badge>
              </>
            )}
          </>,
        ],
        [l('coupon'), couponLink],
        [
          l('block'),
          <>
            <code>{serial.character_id}</code> / <code>{serial.block_id}</code>
          </>,
        ],
        [
          l('redeemedBy'),
          serial.redeemed_by ? (
            <Link to={`${basePath}/full/users/${encodeURIComponent(serial.redeemed_by)}`}>
              <code>{serial.redeemed_by}</code>
            </Link>
          ) : (
            '—'
          ),
        ],
        [l('redeemedAt'), japanTime(serial.redeemed_at, i18n.language)],
        ...(serial.is_debug ? [[l('redemptions'), String(serial.redemptions)] as [string, string]] : []),
      ]}
    />
  );
}

/** Finds one code as a customer typed it (GET /api/admin/serials/{code}; the server normalises it). */
export function CodeLookup() {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [code, setCode] = useState('');
  const [lookUp, { data, error, isFetching, originalArgs }] = useLazyAdminSerialOrCouponQuery();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Spaces are what people add when they copy a printed code; the path allows none.
    const wanted = code.replace(/\s+/g, '');
    if (wanted) void lookUp({ base: apiBase, id: wanted });
  };
  const { t: l } = useAdminTexts('engagement.serials.lookup');
  return (
    <Card className="engagement-section">
      <h3 className="engagement-section__title">{l('title')}</h3>
      <form className="engagement-inline-form" role="search" aria-label={l('title')} onSubmit={submit}>
        <Field
          label={l('input')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          hint={l('hint')}
          autoComplete="off"
          spellCheck={false}
        />
        <button type="submit" className="btn btn--primary" disabled={isFetching || !code.trim()}>
          {l('submit')}
        </button>
      </form>
      {originalArgs && !isFetching && error && <Notice kind="error">{refusalOf(error, t('engagement.failed'))}</Notice>}
      {originalArgs && !isFetching && !error && data && <Found reply={data} />}
    </Card>
  );
}
