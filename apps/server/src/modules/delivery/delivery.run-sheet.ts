import type { ScheduleResponse } from '@store/contracts';
import { inDayOrder, runSheetItem, runSheetPhone } from '@store/domain';
import { csvLine } from '../../lib/csv.js';

export const RUN_SHEET_HEADER = [
  'Order',
  'Slot',
  'Area',
  'Recipient',
  'Recipient phone',
  'House or flat',
  'Street or area',
  'Landmark',
  'City',
  'PIN code',
  'Items',
  'Gift message',
  'From',
] as const;

/**
 * A day's run sheet as CSV (ADR 085): each paid order still to deliver, one line each, slots in the
 * order the day runs them (early morning first, midnight last), areas as listed within a slot.
 * Items go one per line inside their cell; every cell is made safe from spreadsheet formulas.
 */
export function runSheetCsv(schedule: ScheduleResponse): string {
  const slots = schedule.areas.flatMap((area) => area.slots.map((slot) => ({ ...slot, area })));
  const lines = [csvLine(RUN_SHEET_HEADER)];
  for (const slot of inDayOrder(slots)) {
    for (const order of slot.orders) {
      if (order.isDelivered) continue;
      const a = order.shippingAddress;
      lines.push(
        csvLine([
          order.orderNumber,
          slot.label,
          slot.area.name,
          order.recipient.name,
          runSheetPhone(order.recipient.phone),
          a.address,
          a.address2,
          a.landmark,
          a.city,
          a.postalCode,
          order.items.map(runSheetItem).join('\n'),
          order.giftMessage?.message ?? '',
          order.giftMessage?.senderName ?? '',
        ]),
      );
    }
  }
  return lines.join('');
}
