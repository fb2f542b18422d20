import { z } from 'zod';
import { PARTNER_MAKES } from '@store/domain';
import { IMAGE_PATH } from './admin-products.js';
import { emailSchema, mobileSchema, safeText } from './common.js';

const text = (label: string, max: number) =>
  safeText({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** An admin adds a kitchen, a florist or a courier desk (issue 36). */
export const partnerInputSchema = z.object({
  name: text('Name', 100),
  email: emailSchema,
  phone: mobileSchema(),
  areas: z
    .array(z.number({ message: 'areas must be service area ids' }).int().positive(), {
      message: 'areas must be a list of service area ids',
    })
    .min(1, 'Choose at least one area it serves')
    .max(200, 'At most 200 areas'),
  makes: z
    .array(z.enum(PARTNER_MAKES, { message: "makes must be 'cakes', 'flowers' or 'courier'" }), {
      message: "makes must be a list of 'cakes', 'flowers' or 'courier'",
    })
    .min(1, 'Choose what it makes')
    .transform((makes) => PARTNER_MAKES.filter((make) => makes.includes(make))),
  capacityPerSlot: z
    .number({ message: 'capacityPerSlot must be a number' })
    .int('capacityPerSlot must be a whole number')
    .min(1, 'capacityPerSlot must be at least 1')
    .max(1000, 'capacityPerSlot must be at most 1000'),
});
export type PartnerInput = z.infer<typeof partnerInputSchema>;

export const partnerResponseSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  areas: z.array(z.object({ _id: z.number(), name: z.string() })),
  makes: z.array(z.enum(PARTNER_MAKES)),
  capacityPerSlot: z.number(),
  people: z.array(z.object({ _id: z.uuid(), name: z.string(), email: z.string() })),
  /** Today's orders (IST) it holds or is being offered. */
  loadToday: z.number(),
  createdAt: z.iso.datetime(),
});
export type PartnerResponse = z.infer<typeof partnerResponseSchema>;

export const partnerListSchema = z.object({ partners: z.array(partnerResponseSchema) });
export type PartnerList = z.infer<typeof partnerListSchema>;

/** A person of the partner's, invited by email to set a password. */
export const partnerPersonInputSchema = z.object({ name: text('Name', 100), email: emailSchema });
export type PartnerPersonInput = z.infer<typeof partnerPersonInputSchema>;

export const partnerOrdersQuerySchema = z.object({
  date: z.iso
    .date({ message: 'date must be YYYY-MM-DD' })
    .optional()
    .describe("An IST date; today's and tomorrow's orders without one"),
});

export const declineInputSchema = z.object({ reason: text('A reason', 300) });

export const deliveredInputSchema = z.object({
  photo: z
    .string({ message: 'A photo of the delivery is required' })
    .trim()
    .regex(IMAGE_PATH, 'photo must be an uploaded picture (/uploads/…)'),
  receivedBy: text('Who received it', 100),
});
export type DeliveredInput = z.infer<typeof deliveredInputSchema>;

export const PARTNER_ORDER_STATES = ['offered', 'accepted', 'out_for_delivery', 'delivered'] as const;

/** What a partner sees of an order: what to make, for whom, where and when; never the price. */
export const partnerOrderSchema = z.object({
  _id: z.uuid(),
  orderNumber: z.string(),
  state: z.enum(PARTNER_ORDER_STATES),
  /** Until when an offer can be accepted; null once accepted. */
  offerExpiresAt: z.iso.datetime().nullable(),
  delivery: z.object({ date: z.iso.date(), slot: z.string(), slotStart: z.string(), slotEnd: z.string() }),
  items: z.array(
    z.object({ name: z.string(), variant: z.string().nullable(), qty: z.number(), options: z.array(z.string()) }),
  ),
  recipient: z.object({
    name: z.string(),
    phone: z.string(),
    address: z.string(),
    address2: z.string(),
    landmark: z.string(),
    city: z.string(),
    postalCode: z.string(),
  }),
  giftMessage: z.object({ message: z.string(), senderName: z.string() }).nullable(),
  acceptedAt: z.iso.datetime().nullable(),
  outForDeliveryAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  photo: z.string().nullable(),
  receivedBy: z.string().nullable(),
});
export type PartnerOrder = z.infer<typeof partnerOrderSchema>;

export const partnerOrderListSchema = z.object({
  partner: z.object({ name: z.string() }),
  orders: z.array(partnerOrderSchema),
});
export type PartnerOrderList = z.infer<typeof partnerOrderListSchema>;
