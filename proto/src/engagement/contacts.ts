import { Type, type Static } from '@sinclair/typebox';
import { EngagementId, Iso, Page, Paging } from './common.ts';

/**
 * Support contacts (SPEC.md §3 Contact, §9 categories): 0 inquiry before use,
 * 1 during dialogue, 2 bug, 3 billing or purchase trouble, 4 serial code use,
 * 5 feedback or request.
 */
export const ContactCategory = Type.Union([
  Type.Literal(0),
  Type.Literal(1),
  Type.Literal(2),
  Type.Literal(3),
  Type.Literal(4),
  Type.Literal(5),
]);
export type ContactCategory = Static<typeof ContactCategory>;
export const CONTACT_CATEGORIES = [0, 1, 2, 3, 4, 5] as const;
/** Categories whose form also sends the device information (SPEC.md §7 socket logger's fields). */
export const DEVICE_CATEGORIES: readonly ContactCategory[] = [1, 2];

export const ContactStatus = Type.Union([Type.Literal('new'), Type.Literal('in_progress'), Type.Literal('answered')]);
export type ContactStatus = Static<typeof ContactStatus>;

/** Where the form was sent from: /contact (support) or /contact_dev (technical). */
export const ContactChannel = Type.Union([Type.Literal('contact'), Type.Literal('contact_dev')]);
export type ContactChannel = Static<typeof ContactChannel>;

const Short = Type.String({ maxLength: 200 });
/** The device information the socket logger collects (SPEC.md §7), as the form sends it. */
export const DeviceInfo = Type.Object(
  {
    device_type: Type.Optional(Short),
    browser_name: Type.Optional(Short),
    browser_version: Type.Optional(Short),
    engine: Type.Optional(Short),
    os: Type.Optional(Short),
    os_version: Type.Optional(Short),
    mobile_model: Type.Optional(Short),
    mobile_vendor: Type.Optional(Short),
    user_agent: Type.Optional(Type.String({ maxLength: 1000 })),
    is_mobile: Type.Optional(Type.Boolean()),
    is_tablet: Type.Optional(Type.Boolean()),
    is_desktop: Type.Optional(Type.Boolean()),
    is_ios: Type.Optional(Type.Boolean()),
    is_chrome: Type.Optional(Type.Boolean()),
    is_firefox: Type.Optional(Type.Boolean()),
    is_safari: Type.Optional(Type.Boolean()),
    is_opera: Type.Optional(Type.Boolean()),
    is_ie: Type.Optional(Type.Boolean()),
    is_edge: Type.Optional(Type.Boolean()),
    is_samsung: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type DeviceInfo = Static<typeof DeviceInfo>;

/** POST /api/contacts: works logged out (the e-mail address is then the only way back). */
export const ContactBody = Type.Object(
  {
    channel: ContactChannel,
    category: ContactCategory,
    email: Type.String({ minLength: 3, maxLength: 254, format: 'email' }),
    name: Type.Optional(Type.String({ maxLength: 100 })),
    message: Type.String({ minLength: 1, maxLength: 5000 }),
    /** Only kept for categories 1 and 2. */
    device: Type.Optional(DeviceInfo),
    /** The character concerned (category 1), if any. */
    character_id: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type ContactBody = Static<typeof ContactBody>;

/**
 * The answer to POST /api/contacts. `receipt_number` (`CT-YYMM-XXXX`) is shown
 * on screen to every sender; a receipt mail goes only to a signed-in sender's
 * confirmed account address (`receipt_mailed`), never to the typed `email`.
 */
export const ContactReceived = Type.Object({
  ok: Type.Literal(true),
  id: Type.String(),
  receipt_number: Type.String({ description: 'a short number the sender can quote, e.g. CT-2611-7K3Q' }),
  receipt_mailed: Type.Boolean({
    description:
      "true: a receipt (number and category, never the message) is mailed to the signed-in account's confirmed address",
  }),
  message: Type.String(),
});
export type ContactReceived = Static<typeof ContactReceived>;

/** One message of a contact's thread: the customer's, or an admin's reply (sent by mail). */
export const ContactMessage = Type.Object({
  from: Type.Union([Type.Literal('customer'), Type.Literal('admin')]),
  body: Type.String(),
  at: Iso,
  admin_id: Type.Optional(Type.String()),
  /** An admin reply's mail subject. */
  subject: Type.Optional(Type.String()),
});
export type ContactMessage = Static<typeof ContactMessage>;

export const Contact = Type.Object({
  id: Type.String(),
  channel: ContactChannel,
  category: ContactCategory,
  status: ContactStatus,
  email: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  user_id: Type.Union([Type.String(), Type.Null()], {
    description: 'the account that sent it; null when sent logged out',
  }),
  message: Type.String(),
  device: Type.Union([DeviceInfo, Type.Null()]),
  character_id: Type.Union([Type.String(), Type.Null()]),
  thread: Type.Array(ContactMessage),
  created_at: Iso,
  updated_at: Iso,
  /** When the receipt mail went out; null while it is still due (or could not be sent). */
  receipt_sent_at: Type.Optional(Type.Union([Iso, Type.Null()])),
});
export type Contact = Static<typeof Contact>;

/** GET /api/admin/contacts?page&status&category&channel&q */
export const ContactListQuery = Type.Object(
  {
    page: Type.Optional(Page),
    status: Type.Optional(ContactStatus),
    category: Type.Optional(
      Type.Union([
        ContactCategory,
        Type.Literal('0'),
        Type.Literal('1'),
        Type.Literal('2'),
        Type.Literal('3'),
        Type.Literal('4'),
        Type.Literal('5'),
      ]),
    ),
    channel: Type.Optional(ContactChannel),
    q: Type.Optional(
      Type.String({ maxLength: 254, description: 'the e-mail address, words of the message, or the receipt number' }),
    ),
  },
  { additionalProperties: false },
);
export type ContactListQuery = Static<typeof ContactListQuery>;

/** A row of the admin list: the message cut to 200 characters, no device or thread. */
export const ContactSummary = Type.Object({
  id: Type.String(),
  channel: ContactChannel,
  category: ContactCategory,
  status: ContactStatus,
  email: Type.String(),
  user_id: Type.Union([Type.String(), Type.Null()]),
  excerpt: Type.String(),
  created_at: Iso,
  updated_at: Iso,
});
export type ContactSummary = Static<typeof ContactSummary>;
export const ContactList = Type.Object({ ok: Type.Literal(true), contacts: Type.Array(ContactSummary), ...Paging });
export type ContactList = Static<typeof ContactList>;
export const ContactReply = Type.Object({ ok: Type.Literal(true), contact: Contact });
export type ContactReply = Static<typeof ContactReply>;

export const ContactStatusBody = Type.Object({ status: ContactStatus }, { additionalProperties: false });
export type ContactStatusBody = Static<typeof ContactStatusBody>;

/** POST /api/admin/contacts/{id}/reply: mailed to the contact's address; the status becomes answered. */
export const ContactReplyBody = Type.Object(
  {
    subject: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    body: Type.String({ minLength: 1, maxLength: 10_000 }),
  },
  { additionalProperties: false },
);
export type ContactReplyBody = Static<typeof ContactReplyBody>;

export const ContactIdParams = Type.Object({ id: EngagementId });
export type ContactIdParams = Static<typeof ContactIdParams>;

/** The categories' names as the receipt mail quotes them (SPEC.md §9). */
export const CONTACT_CATEGORY_NAMES_JA: Readonly<Record<ContactCategory, string>> = {
  0: 'ご利用前のお問い合わせ',
  1: '対話中のお問い合わせ',
  2: '不具合のご報告',
  3: '課金・購入に関するトラブル',
  4: 'シリアルコードのご利用について',
  5: 'ご意見・ご要望',
};
