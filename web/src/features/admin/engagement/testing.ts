import type { AdminNotification, Campaign, Contact, ContactSummary, Coupon, Serial } from '@talkwith/proto/engagement';

/** Data of the engagement screen tests, shaped as services/engagement/API.md answers it (each test builds its own). */

const at = '2026-03-01T01:00:00.000Z';
export const someId = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

export const coupon = (over: Partial<Coupon> = {}): Coupon => ({
  coupon_id: someId('cp'),
  name: '1st シングル CD 特典',
  prefix: 'CD1',
  character_id: 'mirai',
  block_id: 'b-bonus',
  tickets: 2,
  valid_from: null,
  valid_until: '2026-12-31T14:59:59.999Z',
  is_debug: false,
  count: 1000,
  redeemed: 12,
  created_at: at,
  created_by: 'admin-1',
  ...over,
});

export const serial = (over: Partial<Serial> = {}): Serial => ({
  id: `CD1${Math.random().toString(36).slice(2, 18).toUpperCase().padEnd(16, 'X')}`,
  coupon_id: 'cp-1',
  character_id: 'mirai',
  block_id: 'b-bonus',
  is_debug: false,
  redeemed_by: null,
  redeemed_at: null,
  redemptions: 0,
  ...over,
});

export const paged = <K extends string, T>(key: K, items: T[], total = items.length) =>
  [200, { ok: true, [key]: items, total, page: 1, pages: Math.max(1, Math.ceil(total / 20)) }] as [number, unknown];

export const notification = (over: Partial<AdminNotification> = {}): AdminNotification => ({
  id: someId('n'),
  kind: 'admin',
  title: 'メンテナンスのお知らせ',
  body: '3月5日 2:00〜4:00 はご利用いただけません。',
  active: true,
  is_news: false,
  publish_from: null,
  publish_until: null,
  target: 'all',
  state: 'live',
  read_count: 42,
  created_at: at,
  updated_at: at,
  created_by: 'admin-1',
  ...over,
});

export const contactSummary = (over: Partial<ContactSummary> = {}): ContactSummary => ({
  id: someId('ct'),
  channel: 'contact',
  category: 0,
  status: 'new',
  email: 'taro@example.jp',
  user_id: null,
  excerpt: '料金について教えてください。',
  created_at: at,
  updated_at: at,
  ...over,
});

export const contact = (over: Partial<Contact> = {}): Contact => ({
  id: someId('ct'),
  channel: 'contact',
  category: 0,
  status: 'new',
  email: 'taro@example.jp',
  name: '山田太郎',
  user_id: null,
  message: '料金について教えてください。',
  device: null,
  character_id: null,
  thread: [],
  created_at: at,
  updated_at: at,
  ...over,
});

export const campaign = (over: Partial<Campaign> = {}): Campaign => ({
  id: someId('cmp'),
  title: '春のログインキャンペーン',
  description: '期間中に参加すると 100 ポイント',
  starts_at: '2026-03-01T00:00:00.000Z',
  ends_at: '2026-03-31T15:00:00.000Z',
  grant: { kind: 'points', amount: 100 },
  active: true,
  entries: 7,
  created_at: at,
  ...over,
});

/** The query strings the page sent, in order (scriptedServer records paths only). */
export const searchesOf = (path: string) =>
  (globalThis.fetch as unknown as { mock: { calls: [Request][] } }).mock.calls
    .map(([request]) => new URL(request.url))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
