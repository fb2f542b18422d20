import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, ORDER_STAGES, type AuditAction } from '@store/domain';
import { optionalQuery, safeText } from './common.js';
import { ADMIN_MAX_PAGE_SIZE, ADMIN_ORDER_SORTS, ADMIN_PAGE_SIZE, ADMIN_USER_SORTS } from './constants.js';
import { adminUserSchema } from './users.js';

const isoDate = (field: string) =>
  z.iso.date({ message: `${field} must be a date (YYYY-MM-DD)` }).refine((v) => !Number.isNaN(Date.parse(v)), {
    message: `${field} must be a real date`,
  });

export const paging = {
  page: optionalQuery(
    z.coerce
      .number({ message: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page must be 1 or more')
      .max(100_000, 'page must be at most 100000'),
  ).default(1),
  pageSize: optionalQuery(
    z.coerce
      .number({ message: 'pageSize must be a number' })
      .int('pageSize must be a whole number')
      .min(1, 'pageSize must be 1 or more')
      .max(ADMIN_MAX_PAGE_SIZE, `pageSize must be at most ${ADMIN_MAX_PAGE_SIZE}`),
  ).default(ADMIN_PAGE_SIZE),
  q: optionalQuery(safeText().trim().max(100, 'q must be at most 100 characters')),
  order: optionalQuery(z.enum(['asc', 'desc'], { message: "order must be 'asc' or 'desc'" })),
};

const orderFilterFields = {
  q: paging.q,
  status: optionalQuery(z.enum(ORDER_STAGES, { message: `status must be one of ${ORDER_STAGES.join(', ')}` })),
  paid: optionalQuery(z.enum(['true', 'false'], { message: "paid must be 'true' or 'false'" })).transform((v) =>
    v === undefined ? undefined : v === 'true',
  ),
  /** The delivery date range, IST calendar dates, both ends included. */
  from: optionalQuery(isoDate('from')),
  to: optionalQuery(isoDate('to')),
  sort: optionalQuery(z.enum(ADMIN_ORDER_SORTS, { message: `sort must be one of ${ADMIN_ORDER_SORTS.join(', ')}` })),
  order: paging.order,
};
const rangeInOrder = (f: { from?: string | undefined; to?: string | undefined }) => !f.from || !f.to || f.from <= f.to;
const RANGE_MESSAGE = { message: 'to must not be before from', path: ['to'] };

/** The filters of the admin's order list, which its CSV export takes too. */
export const adminOrderFiltersSchema = z.object(orderFilterFields).refine(rangeInOrder, RANGE_MESSAGE);
export type AdminOrderFilters = z.infer<typeof adminOrderFiltersSchema>;

export const adminOrderListQuerySchema = z
  .object({ page: paging.page, pageSize: paging.pageSize, ...orderFilterFields })
  .refine(rangeInOrder, RANGE_MESSAGE);
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

/** One row of the admin's order list: the spec's columns and what the filters act on, no items or timeline. */
export const adminOrderRowSchema = z.object({
  _id: z.uuid(),
  number: z.number().int(),
  orderNumber: z.string(),
  user: z.object({ _id: z.uuid().nullable(), name: z.string(), email: z.string() }),
  phone: z.string(),
  vendors: z.array(z.string()),
  createdAt: z.iso.datetime(),
  totalPrice: z.number(),
  status: z.enum(ORDER_STAGES),
  isPaid: z.boolean(),
  paidAt: z.iso.datetime().nullable(),
  isDelivered: z.boolean(),
  deliveredAt: z.iso.datetime().nullable(),
  deliveryDate: z.iso.date().nullable(),
  deliverySlot: z
    .string()
    .nullable()
    .describe("The booked slot as a shopper reads it: 'Midnight, 11 PM – 12 AM'; null before slots existed"),
  partner: z.string().nullable().describe("The partner that accepted it (issue 36); null: the store's own team"),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

export const pageOf = <T extends z.ZodType>(rows: T) =>
  z.object({
    rows: z.array(rows),
    page: z.number().int(),
    pageSize: z.number().int(),
    pages: z.number().int().describe('How many pages the filtered list has (0 when it is empty)'),
    total: z.number().int().describe('How many rows match, over all pages'),
  });

/** The rows a page asks for: how many, after how many. */
export const pageWindow = (query: { page: number; pageSize: number }) => ({
  limit: query.pageSize,
  offset: (query.page - 1) * query.pageSize,
});

/** A page of rows as every admin list answers it, with how many pages the matching rows fill. */
export const listPage = <T>(rows: T[], query: { page: number; pageSize: number }, total: number) => ({
  rows,
  page: query.page,
  pageSize: query.pageSize,
  pages: Math.ceil(total / query.pageSize),
  total,
});

export const adminOrderPageSchema = pageOf(adminOrderRowSchema);
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

export const adminUserListQuerySchema = z.object({
  page: paging.page,
  pageSize: paging.pageSize,
  q: paging.q,
  role: optionalQuery(z.enum(['admin', 'customer'], { message: "role must be 'admin' or 'customer'" })),
  sort: optionalQuery(z.enum(ADMIN_USER_SORTS, { message: `sort must be one of ${ADMIN_USER_SORTS.join(', ')}` })),
  order: paging.order,
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

export const adminUserPageSchema = pageOf(adminUserSchema);
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

/**
 * The audit trail's filters (ADR 047): who (an admin's id), what kind of thing and which one, and
 * IST days, both ends included. Newest first, always.
 */
export const auditListQuerySchema = z
  .object({
    page: paging.page,
    pageSize: paging.pageSize,
    actor: optionalQuery(z.uuid({ message: 'actor must be an admin’s id' })),
    entityType: optionalQuery(
      z.enum(AUDIT_ENTITY_TYPES, { message: `entityType must be one of ${AUDIT_ENTITY_TYPES.join(', ')}` }),
    ),
    entityId: optionalQuery(safeText().trim().max(100, 'entityId must be at most 100 characters')),
    from: optionalQuery(isoDate('from')),
    to: optionalQuery(isoDate('to')),
  })
  .refine(rangeInOrder, RANGE_MESSAGE);
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

const auditFieldsSchema = z
  .record(z.string(), z.unknown())
  .nullable()
  .describe('The fields the write changed, as they were (before) or became (after); secrets read [redacted]');

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.iso.datetime(),
  /** The admin, and their email when they acted: the account may have changed or gone since. */
  actor: z.object({ _id: z.uuid(), email: z.string() }),
  action: z.enum(Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]]),
  entity: z.object({
    type: z.enum(AUDIT_ENTITY_TYPES),
    id: z.string(),
    label: z.string().describe('What the entity was called then: a product’s name, an order’s number, an email'),
  }),
  before: auditFieldsSchema,
  after: auditFieldsSchema,
  note: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * The trail is never trimmed, so counting every match would cost more with each year (ADR 047):
 * a page counts at most this many, or as far as itself when deeper, and says when there are more.
 */
export const AUDIT_COUNT_LIMIT = 10_000;

export const auditPageSchema = pageOf(auditEntrySchema).extend({
  totalCapped: z
    .boolean()
    .describe('True when more rows match than were counted: `total` (and `pages`) are then lower bounds'),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
