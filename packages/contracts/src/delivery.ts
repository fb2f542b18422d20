import { z } from 'zod';
import {
  DELIVERY_SLOTS,
  GIFT_MESSAGE_MAX,
  isCalendarDate,
  LOCAL_MAKES,
  messageLength,
  SENDER_NAME_MAX,
  SLOT_REASONS,
  SLOT_TYPES,
} from '@store/domain';
import { idSchema, optionalQuery, safeText, versionSchema } from './common.js';
import { addressResponseSchema } from './address.js';

/** `YYYY-MM-DD`, a real calendar date; whether it is bookable is the service's question. */
export const deliveryDateSchema = z
  .string({ message: 'date is required' })
  .refine(isCalendarDate, 'date must be a date written YYYY-MM-DD');

export const slotIdSchema = z.enum(DELIVERY_SLOTS.map((s) => s.id) as [string, ...string[]], {
  message: 'slotId is not a delivery slot',
});
export const slotTypeSchema = z.enum(SLOT_TYPES);

export const deliverySlotsQuerySchema = z.object({
  /** Checked by the service, so a malformed PIN code gets the spec's own texts. */
  pincode: z.unknown().optional(),
  /** Missing: the earliest date with a slot open. */
  date: optionalQuery(deliveryDateSchema),
  productId: z
    .preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(idSchema).max(50))
    .describe('Repeatable: the products to be delivered, whose same-day rules apply'),
});

const slotTimes = {
  id: z.string(),
  type: slotTypeSchema,
  label: z.string(),
  start: z.string().describe("'HH:MM' IST"),
  end: z.string().describe("'HH:MM' IST"),
};

/** A slot with a place on a date, offered in place of a full one. */
const freeSlotSchema = z.object({ date: z.string(), slotId: z.string(), label: z.string() });

export const deliverySlotSchema = z.object({
  ...slotTimes,
  fee: z.number().describe('Rupees'),
  available: z.boolean(),
  reason: z.enum(Object.values(SLOT_REASONS) as [string, ...string[]]).nullable(),
  placesLeft: z.number().int().describe('Places still free in this slot on this date'),
  nextFree: freeSlotSchema
    .optional()
    .describe(
      'Only on a full slot: the next slot of its type with a place, a later window that day or within the ' +
        'following 7 days; missing when there is none',
    ),
});
export type DeliverySlotView = z.infer<typeof deliverySlotSchema>;

/** The 409 for a full slot names the next one with a place, so checkout can offer it. */
export const slotFullDetailsSchema = z.object({
  nextSlot: freeSlotSchema.nullable(),
});

export const deliverySlotsResponseSchema = z.object({
  pincode: z.string(),
  date: z.string(),
  /** Null when nothing can be delivered to this PIN code. */
  earliestDate: z.string().nullable(),
  /** When today's last open slot closes (for 'Order within … for delivery today'); null when today is out. */
  sameDayDeadline: z.iso.datetime().nullable(),
  slots: z.array(deliverySlotSchema),
});
export type DeliverySlotsResponse = z.infer<typeof deliverySlotsResponseSchema>;

export const deliveryChoiceSchema = z.object(
  { date: deliveryDateSchema, slotId: slotIdSchema },
  { message: 'delivery is required: a date and a slot' },
);
export type DeliveryChoice = z.infer<typeof deliveryChoiceSchema>;

/** Control characters other than a line break (tabs, bells, escapes) have no place on a printed card. */
const hasControlCharacter = (v: string) =>
  [...v].some((c) => {
    const code = c.codePointAt(0)!;
    return (code < 32 && c !== '\n') || code === 127;
  });

/** Plain text, printed on the card as it is typed. */
const plainText = (label: string) =>
  safeText({ message: `${label} must be text` }).refine((v) => !hasControlCharacter(v), `${label} must be plain text`);

export const giftMessageSchema = z.object({
  message: plainText('Message')
    .trim()
    .min(1, 'Message is required for a message card')
    .refine((v) => messageLength(v) <= GIFT_MESSAGE_MAX, `Message must be at most ${GIFT_MESSAGE_MAX} characters`),
  senderName: plainText('Sender name')
    .trim()
    .refine((v) => messageLength(v) <= SENDER_NAME_MAX, `Sender name must be at most ${SENDER_NAME_MAX} characters`)
    .default(''),
});
export type GiftMessage = z.infer<typeof giftMessageSchema>;

/** What an order says about its delivery: the slot as it was booked, with its fee in rupees. */
export const orderDeliverySchema = z.object({
  date: z.string(),
  slotId: z.string(),
  type: slotTimes.type,
  label: slotTimes.label,
  start: slotTimes.start,
  end: slotTimes.end,
  fee: z.number().describe('Rupees'),
});
export type OrderDelivery = z.infer<typeof orderDeliverySchema>;

export const scheduleQuerySchema = z.object({ date: deliveryDateSchema });

export const scheduledOrderSchema = z.object({
  _id: z.string(),
  orderNumber: z.string().describe("The number as shoppers quote it: 'PW-000123'"),
  recipient: z.object({ name: z.string(), phone: z.string() }),
  shippingAddress: addressResponseSchema,
  items: z.array(
    z.object({
      name: z.string(),
      variantName: z.string().nullable(),
      qty: z.number(),
      /** What the baker makes: 'Eggless', 'Message on cake: “Happy birthday”'. */
      options: z.array(z.object({ name: z.string(), value: z.string().nullable() })),
    }),
  ),
  giftMessage: giftMessageSchema.nullable(),
  isDelivered: z.boolean(),
});
export type ScheduledOrder = z.infer<typeof scheduledOrderSchema>;

export const scheduleSlotSchema = z.object({
  ...slotTimes,
  capacity: z.number().int(),
  /** Places held, by paid orders and by unpaid ones not yet expired. */
  taken: z.number().int(),
  orders: z.array(scheduledOrderSchema).describe('Paid orders only'),
});

export const scheduleResponseSchema = z.object({
  date: z.string(),
  areas: z.array(
    z.object({ id: z.number().int(), name: z.string(), pincodePrefix: z.string(), slots: z.array(scheduleSlotSchema) }),
  ),
});
export type ScheduleResponse = z.infer<typeof scheduleResponseSchema>;

export const serviceAreaSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  pincodePrefix: z.string(),
  deliveryAvailable: z.boolean(),
  leadDays: z
    .number()
    .int()
    .describe('Days from today of the earliest delivery; in an area without makers, the courier transit time'),
  makes: z
    .array(z.enum(LOCAL_MAKES))
    .describe('What its kitchens and florists make; none: packed goods by courier only (ADR 077)'),
  version: z.number().int().describe("The area's own settings; send it back with PUT /api/delivery/areas/{id}"),
  slotTypes: z.array(
    z.object({
      type: slotTypeSchema,
      offered: z.boolean(),
      fee: z.number().describe('Rupees'),
      capacity: z.number().int(),
      version: z
        .number()
        .int()
        .describe('0 for a slot type the area never offered; send it back with PUT, which refuses an older one (409)'),
    }),
  ),
});
export type ServiceArea = z.infer<typeof serviceAreaSchema>;

/** An area's own settings (ADR 077): what it makes and how many days its first delivery takes. */
export const areaUpdateSchema = z.object({
  version: versionSchema(1),
  leadDays: z
    .number({ message: 'leadDays must be a whole number of days' })
    .int('leadDays must be a whole number of days')
    .min(0, 'leadDays must not be negative')
    .max(30, 'leadDays must be at most 30'),
  makes: z
    .array(z.enum(LOCAL_MAKES, { message: `makes may hold ${LOCAL_MAKES.join(' and ')}` }), {
      message: 'makes must be a list',
    })
    .transform((makes) => LOCAL_MAKES.filter((m) => makes.includes(m))),
});
export type AreaUpdate = z.infer<typeof areaUpdateSchema>;

export const areaParamsSchema = z.object({ id: z.coerce.number({ message: 'id must be a number' }).int().positive() });

export const areaSlotTypeParamsSchema = z.object({
  id: z.coerce.number({ message: 'id must be a number' }).int().positive(),
  type: slotTypeSchema,
});

export const areaSlotTypeUpdateSchema = z.object({
  version: versionSchema(0),
  offered: z.boolean({ message: 'offered must be true or false' }),
  fee: z
    .number({ message: 'fee must be a number of rupees' })
    .min(0, 'fee must not be negative')
    .max(10_000, 'fee must be at most ₹10,000')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'fee must have at most two decimals'),
  capacity: z
    .number({ message: 'capacity must be a whole number' })
    .int('capacity must be a whole number')
    .min(0, 'capacity must not be negative')
    .max(10_000, 'capacity must be at most 10,000'),
});
export type AreaSlotTypeUpdate = z.infer<typeof areaSlotTypeUpdateSchema>;

/** One slot on one date given a capacity of its own: how an admin raises a full Valentine's slot. */
export const slotCapacityUpdateSchema = z.object({
  areaId: z.number({ message: 'areaId must be a number' }).int().positive(),
  date: deliveryDateSchema,
  slotId: slotIdSchema,
  capacity: areaSlotTypeUpdateSchema.shape.capacity,
});
export type SlotCapacityUpdate = z.infer<typeof slotCapacityUpdateSchema>;

export const slotCapacityResponseSchema = z.object({
  areaId: z.number().int(),
  date: z.string(),
  slotId: z.string(),
  capacity: z.number().int(),
  taken: z.number().int(),
});
