import type { Dashboard, DashboardFigure } from '@store/contracts';
import {
  DASHBOARD_PERIODS,
  DELIVERY_SLOTS,
  addDays,
  istDate,
  SLOT_TYPES,
  istDays,
  paiseToRupees,
  percentChange,
  periodWindows,
  slotName,
  UPCOMING_DELIVERY_DAYS,
  type DashboardPeriod,
} from '@store/domain';
import type { Db } from '../../db/client.js';
import * as orderFigures from '../orders/order-figures.service.js';
import { refundsWaiting } from '../payments/payments.service.js';
import { ProductsService } from '../products/products.service.js';
import { StockService } from '../products/stock.service.js';

const TOP_PRODUCTS = 5;
/** Orders without a partner the dashboard lists; more than this is a problem to see elsewhere too. */
const UNASSIGNED_SHOWN = 20;

/** Delivered and late counts summed by a key of the rows. */
function tally<R extends { delivered: number; late: number }, K>(rows: readonly R[], key: (row: R) => K) {
  const sums = new Map<K, { delivered: number; late: number }>();
  for (const row of rows) {
    const k = key(row);
    const sum = sums.get(k) ?? { delivered: 0, late: 0 };
    sums.set(k, { delivered: sum.delivered + row.delivered, late: sum.late + row.late });
  }
  return sums;
}
const LOW_STOCK_SHOWN = 10;
/** The name of the top products' line for every product deleted since its sales. */
export const DELETED_PRODUCTS = 'Products deleted since';

const figure = (current: number, previous: number): DashboardFigure => ({
  current,
  previous,
  change: percentChange(current, previous),
});

/** Deliveries per slot per day, slots in the order shoppers read them; one no longer offered goes by its id, last. */
function slotGrid(days: readonly string[], rows: readonly { date: string; slotId: string; count: number }[]) {
  const ids = [...new Set(rows.map((r) => r.slotId))];
  const order = (id: string) => {
    const at = DELIVERY_SLOTS.findIndex((s) => s.id === id);
    return at === -1 ? DELIVERY_SLOTS.length : at;
  };
  return ids
    .sort((a, b) => order(a) - order(b) || a.localeCompare(b))
    .map((slotId) => {
      const slot = DELIVERY_SLOTS.find((s) => s.id === slotId);
      return {
        slotId,
        label: slot ? slotName(slot) : slotId,
        counts: days.map((date) => rows.find((r) => r.date === date && r.slotId === slotId)?.count ?? 0),
      };
    });
}

/**
 * The owner's dashboard (ADR 048): each figure one aggregate query of the module that owns the
 * data, all sent at once. Periods are IST days up to now, from the domain; the database groups
 * by IST day itself.
 */
export class DashboardService {
  private readonly stock = new StockService();
  private readonly products: ProductsService;

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
    private readonly lowStockThreshold: number,
  ) {
    this.products = new ProductsService(db);
  }

  /** The top products with their names as the catalogue has them now, which is how admins know them. */
  private async named(top: readonly { productId: string | null; units: number; revenue: number }[]) {
    const ids = top.flatMap((p) => (p.productId ? [p.productId] : []));
    const names = new Map((await this.products.summaries(ids)).map((p) => [p._id, p.name]));
    return top.map((p) => ({
      productId: p.productId,
      name: (p.productId && names.get(p.productId)) || DELETED_PRODUCTS,
      units: p.units,
      revenue: paiseToRupees(p.revenue),
    }));
  }

  async dashboard(period: DashboardPeriod): Promise<Dashboard> {
    const now = this.clock();
    const windows = DASHBOARD_PERIODS.map((p) => ({ period: p, ...periodWindows(p, now) }));
    const chosen = windows.find((w) => w.period === period)!.current;
    const upcoming = istDays(istDate(now), UPCOMING_DELIVERY_DAYS);
    const [totals, perDay, byStage, top, lowStock, refunds, deliveries, onTime, unassigned] = await Promise.all([
      orderFigures.paidTotals(
        this.db,
        windows.flatMap((w) => [w.current, w.previous]),
      ),
      orderFigures.paidPerIstDay(this.db, chosen, chosen.days),
      orderFigures.placedByStage(this.db, chosen),
      orderFigures.topProducts(this.db, chosen, TOP_PRODUCTS).then((top) => this.named(top)),
      this.stock.lowStock(this.db, this.lowStockThreshold, LOW_STOCK_SHOWN),
      refundsWaiting(this.db),
      orderFigures.paidDeliveriesBySlot(this.db, upcoming[0]!, upcoming.at(-1)!),
      orderFigures.deliveredOnTime(this.db, chosen),
      orderFigures.unassignedOrders(this.db, addDays(istDate(now), -1), UNASSIGNED_SHOWN),
    ]);
    return {
      period,
      days: chosen.days,
      summaries: windows.map((w, n) => {
        const current = totals[2 * n]!;
        const previous = totals[2 * n + 1]!;
        return {
          period: w.period,
          from: w.current.from.toISOString(),
          to: w.current.to.toISOString(),
          previousFrom: w.previous.from.toISOString(),
          previousTo: w.previous.to.toISOString(),
          revenue: figure(paiseToRupees(current.revenue), paiseToRupees(previous.revenue)),
          orders: figure(current.orders, previous.orders),
        };
      }),
      revenueByDay: perDay.map((d) => ({ date: d.date, revenue: paiseToRupees(d.revenue), orders: d.orders })),
      ordersByStatus: byStage,
      topProducts: top,
      lowStock: { threshold: this.lowStockThreshold, ...lowStock },
      refunds: { count: refunds.count, amount: paiseToRupees(refunds.amount) },
      deliveries: { days: upcoming, slots: slotGrid(upcoming, deliveries) },
      fulfilment: {
        unassigned: unassigned.map(({ id, ...o }) => ({ _id: id, ...o })),
        byPartner: [...tally(onTime, (r) => r.partner)].map(([partner, t]) => ({ partner, ...t })),
        bySlotType: SLOT_TYPES.map((type) => ({
          type,
          ...(tally(onTime, (r) => r.slotType).get(type) ?? { delivered: 0, late: 0 }),
        })),
      },
    };
  }
}
