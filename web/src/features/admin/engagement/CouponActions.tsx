import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Coupon } from '@talkwith/proto/engagement';
import { Notice } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ConfirmDialog, refusalOf } from '../billing/ConfirmDialog.tsx';
import { ADMIN_NS, useAdminTexts } from '../i18n.ts';
import { BlockPicker } from './CatalogPickers.tsx';
import {
  useAdminChangeBlockMutation,
  useAdminChangeSerialTypeMutation,
  useAdminDownloadSerialCsvMutation,
} from './serialsAdminApi.ts';

/** The codes as a CSV file for printing, fetched with the admin's token and saved from a Blob URL. */
export function CsvButton({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [download, { isLoading, error }] = useAdminDownloadSerialCsvMutation();
  return (
    <>
      <button
        type="button"
        className="btn btn--ghost"
        disabled={isLoading}
        onClick={() => void download({ base: apiBase, couponId: coupon.coupon_id })}
      >
        {isLoading ? t('engagement.serials.detail.downloading') : t('engagement.serials.detail.csv')}
      </button>
      {error && <Notice kind="error">{refusalOf(error, t('engagement.failed'))}</Notice>}
    </>
  );
}

/** Debug ↔ normal for every code of the batch (PUT changeSerialType), after a confirmation that says what it means. */
export function ChangeTypeDialog({ coupon, onClose }: { coupon: Coupon; onClose: () => void }) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [change] = useAdminChangeSerialTypeMutation();
  const toDebug = !coupon.is_debug;
  const { t: d } = useAdminTexts('engagement.serials.detail');
  return (
    <ConfirmDialog
      title={d('typeTitle')}
      confirmLabel={toDebug ? d('toDebug') : d('toNormal')}
      danger={toDebug}
      check={() => null}
      onClose={onClose}
      onConfirm={() => change({ base: apiBase, coupon_id: coupon.coupon_id, is_debug: toDebug }).unwrap()}
    >
      <p>
        {t(toDebug ? 'engagement.serials.detail.toDebugMessage' : 'engagement.serials.detail.toNormalMessage', {
          name: coupon.name,
          count: coupon.count,
        })}
      </p>
    </ConfirmDialog>
  );
}

/** Another block of the same character for the batch (PUT changeBlock): unused codes move to it, redeemed ones keep theirs. */
export function ChangeBlockForm({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [blockId, setBlockId] = useState(coupon.block_id);
  const [change, { isLoading }] = useAdminChangeBlockMutation();
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const { t: d } = useAdminTexts('engagement.serials.detail');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const reply = await change({ base: apiBase, coupon_id: coupon.coupon_id, block_id: blockId }).unwrap();
      setOutcome({
        kind: 'success',
        text: t('engagement.serials.detail.blockChanged', { block: reply.coupon.block_id }),
      });
    } catch (failure) {
      setOutcome({ kind: 'error', text: refusalOf(failure, t('engagement.failed')) });
    }
  };
  return (
    <form className="engagement-inline-form" onSubmit={(e) => void submit(e)} aria-label={d('blockTitle')}>
      <BlockPicker label={d('newBlock')} characterId={coupon.character_id} value={blockId} onChange={setBlockId} />
      <button
        type="submit"
        className="btn btn--primary"
        disabled={isLoading || !blockId || blockId === coupon.block_id}
      >
        {d('changeBlock')}
      </button>
      <p className="muted small engagement-inline-form__wide">{d('blockHint')}</p>
      {outcome && (
        <div className="engagement-inline-form__wide">
          <Notice kind={outcome.kind}>{outcome.text}</Notice>
        </div>
      )}
    </form>
  );
}
