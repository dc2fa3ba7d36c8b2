/**
 * The sandbox's 3-D Secure page: what a card issuer's challenge looks like, in Japanese, self-contained.
 * On a phone the labels keep their width (max-content, nowrap) and the long transaction id wraps anywhere.
 */
import { createHash } from 'node:crypto';
import type { OrderDoc } from './model.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `body{font-family:system-ui,"Hiragino Sans","Noto Sans JP",sans-serif;background:#f4f5f7;margin:0;padding:24px;color:#222}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 8px rgba(0,0,0,.08)}
h1{font-size:1.2rem;margin:0 0 12px}dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:4px 12px;margin:16px 0}
dt{color:#666;white-space:nowrap}dd{margin:0;min-width:0;overflow-wrap:anywhere}form{display:flex;gap:12px;margin-top:20px}button{flex:1;padding:12px;border-radius:8px;border:0;font-size:1rem;cursor:pointer}
.pass{background:#1a73e8;color:#fff}.fail{background:#e8eaed;color:#222}.note{font-size:.85rem;color:#666;overflow-wrap:anywhere}
@media (max-width:480px){body{padding:12px}main{padding:16px}}`;

/** Its own policy (the gateway's API default forbids everything): only its one inline style, by hash, and forms to this origin. */
export const CHALLENGE_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

function page(title: string, body: string): string {
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function challengePage(order: OrderDoc): string {
  const id = escapeHtml(order._id);
  return page(
    '3-Dセキュア認証（サンドボックス）',
    `<h1>3-Dセキュア認証（サンドボックス）</h1>
<p class="note">これはテスト用の認証画面です。実際のカード会社の画面ではありません。</p>
<dl><dt>取引ID</dt><dd>${id}</dd><dt>金額</dt><dd>¥${order.amount.toLocaleString('ja-JP')}</dd>
<dt>カード</dt><dd>${escapeHtml(order.card.brand)} ****${escapeHtml(order.card.last4)}</dd></dl>
<form method="post" action="/api/payment/sandbox/challenge/${id}">
<button class="pass" type="submit" name="result" value="pass">認証する</button>
<button class="fail" type="submit" name="result" value="fail">認証に失敗する</button></form>`,
  );
}

export function challengeDonePage(order: OrderDoc): string {
  const outcome =
    order.status === 'success' || order.status === 'canceled' ? '認証に成功しました。' : '認証に失敗しました。';
  return page(
    '3-Dセキュア認証（サンドボックス）',
    `<h1>3-Dセキュア認証（サンドボックス）</h1><p>${outcome}</p><p class="note">取引ID: ${escapeHtml(order._id)}</p>`,
  );
}

/** Where the browser returns: only an address of our own origin (never an open redirect), with the order id added. */
export function returnAddress(order: OrderDoc, publicUrl: string): string | null {
  if (!order.redirection_uri || !order.redirection_uri.startsWith(`${publicUrl}/`)) return null;
  const url = new URL(order.redirection_uri);
  if (url.origin !== new URL(publicUrl).origin) return null;
  url.searchParams.set('order_id', order._id);
  return url.toString();
}
