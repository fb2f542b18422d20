import { z } from 'zod';
import { DASHBOARD_PERIODS, ORDER_STAGES, SLOT_TYPES } from '@store/domain';
import { optionalQuery } from './common.js';

export const dashboardQuerySchema = z.object({
  period: optionalQuery(
    z.enum(DASHBOARD_PERIODS, { message: `period must be one of ${DASHBOARD_PERIODS.join(', ')}` }),
  ).default('7d'),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

const figureSchema = z.object({
  current: z.number(),
  previous: z.number().describe('The same figure over the period before, as long and as far into its last day'),
  change: z.number().nullable().describe('Percent, one decimal; null when the previous figure is 0'),
});
export type DashboardFigure = z.infer<typeof figureSchema>;

export const dashboardSummarySchema = z.object({
  period: z.enum(DASHBOARD_PERIODS),
  from: z.iso.datetime().describe('Midnight IST of the first day'),
  to: z.iso.datetime().describe('Now'),
  previousFrom: z.iso.datetime(),
  previousTo: z.iso.datetime(),
  revenue: figureSchema.describe('Rupees: the totals of orders paid in the period, GST, delivery and coupons included'),
  orders: figureSchema.describe('Orders paid in the period'),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

export const dashboardSchema = z.object({
  period: z.enum(DASHBOARD_PERIODS),
  /** The IST days of the chosen period, oldest first. */
  days: z.array(z.iso.date()),
  /** Today, the last 7 and the last 30 days, whatever the chosen period. */
  summaries: z.array(dashboardSummarySchema),
  revenueByDay: z
    .array(z.object({ date: z.iso.date(), revenue: z.number().describe('Rupees'), orders: z.number().int() }))
    .describe('Every IST day of the chosen period, days without a sale at 0'),
  ordersByStatus: z
    .array(z.object({ status: z.enum(ORDER_STAGES), count: z.number().int() }))
    .describe('Orders placed in the chosen period, by where each is now; every stage, in order'),
  topProducts: z
    .array(
      z.object({
        productId: z.uuid().nullable().describe('Null for the lines of every product deleted since, together'),
        name: z.string().describe("The catalogue's name for the product now"),
        units: z.number().int(),
        revenue: z.number().describe("Rupees: the lines' amounts after the coupon, GST included, delivery not"),
      }),
    )
    .describe('The five products that brought in most in orders paid in the chosen period'),
  lowStock: z.object({
    threshold: z.number().int(),
    total: z.number().int().describe('Products and sizes on sale with fewer than the threshold in stock'),
    items: z
      .array(
        z.object({
          productId: z.uuid(),
          variantId: z.uuid().nullable(),
          name: z.string(),
          variantName: z.string().nullable(),
          countInStock: z.number().int(),
        }),
      )
      .describe('The lowest first, at most 10'),
  }),
  refunds: z.object({
    count: z.number().int().describe('Payments kept as refund_due: received, but they could not pay their order'),
    amount: z.number().describe('Rupees'),
  }),
  fulfilment: z.object({
    unassigned: z
      .array(z.object({ _id: z.uuid(), orderNumber: z.string(), deliveryDate: z.iso.date(), slot: z.string() }))
      .describe('Paid orders that no partner would take (issue 36): the admins deliver them'),
    byPartner: z
      .array(
        z.object({
          partner: z.string().nullable().describe("Null for the store's own team"),
          delivered: z.number().int(),
          late: z.number().int(),
        }),
      )
      .describe('Orders delivered in the period and how many missed their slot, by who delivered them'),
    bySlotType: z.array(z.object({ type: z.enum(SLOT_TYPES), delivered: z.number().int(), late: z.number().int() })),
  }),
  deliveries: z.object({
    days: z.array(z.iso.date()).describe('Today and the next 6 IST days'),
    slots: z.array(
      z.object({
        slotId: z.string(),
        label: z.string(),
        counts: z.array(z.number().int()).describe('Paid orders booked in this slot, one count per day'),
      }),
    ),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
