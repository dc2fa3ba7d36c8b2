import { Type, type Static } from '@sinclair/typebox';

/** Shared atoms of the engagement contracts (services/engagement/API.md). */

export { UserId, Page, PageQuery, Iso } from '../billing/common.ts';

/** A character or block id as the catalog issues them. */
export const CatalogId = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9][A-Za-z0-9_.:-]*$' });

/** Ids engagement issues (notifications, coupons, contacts, campaigns): url-safe. */
export const EngagementId = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9][A-Za-z0-9_.:-]*$' });
export const IdParams = Type.Object({ id: EngagementId });
export type IdParams = Static<typeof IdParams>;

/** A calendar date (Japan time) of a date-range filter: YYYY-MM-DD. */
export const DateOnly = Type.String({
  pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
  description: 'YYYY-MM-DD, Japan time',
});

/** How many rows a page of every engagement list holds. */
export const PAGE_SIZE = 20;

/** A paged reply's counters. */
export const Paging = {
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  pages: Type.Integer({ minimum: 0 }),
};
