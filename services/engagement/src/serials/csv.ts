import { AppError, type DocumentStore } from '@talkwith/platform';
import { printCode } from './codes.ts';
import { serialMessages as m } from './messages.ts';
import { openCoupons, openSerials } from './model.ts';

const HEADERS = ['シリアルコード', 'クーポンID', 'クーポン名', 'キャラクターID', 'ブロックID', '有効開始', '有効期限', '使用日時'];
/** A byte-order mark: Excel opens UTF-8 CSV as Shift_JIS without it. */
const BOM = '\uFEFF';

/** RFC 4180 field: quoted when it holds a comma, quote or line break; a leading = + - @ is defused for spreadsheets. */
function field(value: string | null): string {
  const text = value ?? '';
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * A coupon's serials as CSV for the printer (API.md § Serials): UTF-8 with
 * BOM, CRLF lines, Japanese headers, each code grouped for print.
 */
export async function couponCsv(store: DocumentStore, couponId: string): Promise<string> {
  const coupon = await openCoupons(store).findOne({ _id: couponId });
  if (!coupon) throw new AppError('NOT_FOUND', m.couponNotFound);
  const serials = await openSerials(store).find({ coupon_id: couponId }, { sort: { _id: 1 } });
  const lines = [HEADERS.join(',')];
  for (const serial of serials) {
    lines.push([
      printCode(coupon.prefix, serial._id), coupon._id, coupon.name, serial.character_id, serial.block_id,
      coupon.valid_from, coupon.valid_until, serial.redeemed_at,
    ].map(field).join(','));
  }
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
