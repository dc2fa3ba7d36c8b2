import { type DocumentStore } from '@talkwith/platform';
import { CSV_BOM, csvLine } from '@talkwith/platform/csv';
import { printCode } from './codes.ts';
import { openCoupons, openSerials } from './model.ts';
import { serialErrors } from '../errors.ts';

const HEADERS = [
  'シリアルコード',
  'クーポンID',
  'クーポン名',
  'キャラクターID',
  'ブロックID',
  '有効開始',
  '有効期限',
  '使用日時',
];

/**
 * A coupon's serials as CSV for the printer (API.md § Serials): UTF-8 with
 * BOM, CRLF lines, Japanese headers, each code grouped for print.
 */
export async function couponCsv(store: DocumentStore, couponId: string): Promise<string> {
  const coupon = await openCoupons(store).findOne({ _id: couponId });
  if (!coupon) throw serialErrors.couponNotFound();
  const serials = await openSerials(store).find({ coupon_id: couponId }, { sort: { _id: 1 } });
  // Every cell through the shared writer: a coupon name an admin typed as =… must not run in the printer's spreadsheet.
  const lines = [csvLine(HEADERS)];
  for (const serial of serials) {
    lines.push(
      csvLine([
        printCode(coupon.prefix, serial._id),
        coupon._id,
        coupon.name,
        serial.character_id,
        serial.block_id,
        coupon.valid_from,
        coupon.valid_until,
        serial.redeemed_at,
      ]),
    );
  }
  return `${CSV_BOM}${lines.join('')}`;
}
