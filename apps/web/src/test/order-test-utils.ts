import type { OrderResponse } from '@store/contracts';
import { asha } from './account-test-utils.js';
import type { CartDelivery, CartItem, ShippingAddress } from '../stores/cart-store.js';

export const roses = (over: Partial<CartItem> = {}): CartItem => ({
  _id: 'p1',
  name: 'Classic Dozen Red Roses',
  image: '/roses.jpg',
  optimizedImages: { thumbnail: '/roses-thumb.webp' },
  price: 699,
  discountPrice: 0,
  countInStock: 4,
  qty: 2,
  ...over,
});

export const cake = (over: Partial<CartItem> = {}): CartItem => ({
  _id: 'p2',
  name: 'Belgian Chocolate Truffle Cake',
  image: '/cake.jpg',
  optimizedImages: { thumbnail: '/cake-thumb.webp' },
  price: 549,
  discountPrice: 0,
  countInStock: 5,
  qty: 1,
  variant: { _id: 'v1', name: 'Half Kg' },
  ...over,
});

export const address: ShippingAddress = {
  firstName: 'Asha',
  lastName: 'Menon',
  address: 'Flat 4B, Lotus Apartments',
  address2: '12 MG Road, Ravipuram',
  landmark: "Opposite St. Teresa's College",
  city: 'Ernakulam',
  state: 'Kerala',
  postalCode: '682011',
  phone: '9847012345',
};

/** A midnight delivery on Christmas Eve, as the cart keeps it. */
export const midnight = (over: Partial<CartDelivery> = {}): CartDelivery => ({
  date: '2026-12-24',
  slotId: 'midnight',
  type: 'midnight',
  label: 'Midnight, 11 PM – 12 AM',
  start: '23:00',
  end: '23:59',
  fee: 250,
  ...over,
});

/** The same delivery as an order carries it. */
export const orderDelivery = (over: Partial<CartDelivery> = {}): NonNullable<OrderResponse['delivery']> =>
  midnight(over);

export const ORDER_ID = '5f3a2b1c-9d8e-4f70-a1b2-c3d4e5f60718';
export const ORDER_NUMBER = 'PW-000123';

/** An order as the API answers it: Asha's, awaiting payment, two dozen roses. */
export function order(over: Partial<OrderResponse> = {}): OrderResponse {
  return {
    _id: ORDER_ID,
    number: 123,
    orderNumber: ORDER_NUMBER,
    user: { _id: asha._id, name: asha.name, email: asha.email },
    contact: { email: asha.email, phone: '+919895011111' },
    orderItems: [
      {
        _id: 'p1',
        product: 'p1',
        variant: null,
        name: 'Classic Dozen Red Roses',
        qty: 2,
        price: 699,
        discountPrice: 0,
        options: [],
        optionsPrice: 0,
        image: '/roses.jpg',
        optimizedImages: { thumbnail: '/roses-thumb.webp', detail: '/roses.webp' },
        vendor: ['Kochi Blooms'],
        hsnCode: '0603',
        gstRate: 0,
        couponDiscount: 0,
        taxPrice: 0,
      },
    ],
    shippingAddress: { ...address, phone: '+919847012345' },
    paymentMethod: 'Razorpay',
    itemsPrice: 1398,
    shippingPrice: 0,
    taxPrice: 0,
    totalPrice: 1398,
    status: 'awaiting_payment',
    payBy: new Date(Date.now() + 30 * 60_000).toISOString(),
    isPaid: false,
    paidAt: null,
    isDelivered: false,
    deliveredAt: null,
    stage: 'awaiting_payment',
    timeline: [{ status: 'placed', at: new Date(Date.now() - 60_000).toISOString() }],
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    // No partner has taken it yet; tests of partner fulfilment give their own.
    fulfilment: {
      partner: null,
      acceptedAt: null,
      outForDeliveryAt: null,
      deliveredAt: null,
      photo: null,
      receivedBy: null,
      late: false,
      compensation: null,
    },
    razorpayOrder: { id: 'order_SimTest0001', amount: 139800 },
    // As an order placed before delivery slots existed; tests of slots give their own.
    delivery: null,
    giftMessage: null,
    couponCode: null,
    couponDiscount: 0,
    buyerGstin: null,
    buyerName: null,
    buyerAddress: null,
    // Issued when an order is paid.
    invoice: null,
    cancellation: null,
    creditNote: null,
    ...over,
  };
}

export const paid = (over: Partial<OrderResponse> = {}) =>
  order({
    status: 'paid',
    isPaid: true,
    paidAt: '2026-11-22T09:15:00.000Z',
    stage: 'paid',
    timeline: [
      { status: 'placed', at: '2026-11-22T09:14:00.000Z' },
      { status: 'paid', at: '2026-11-22T09:15:00.000Z' },
    ],
    ...over,
  });

/**
 * A paid order an admin cancelled after it was packed: the timeline and refund as the API answers
 * an admin; `refund` changes where its refund is.
 */
export const cancelled = (
  refund: Partial<NonNullable<OrderResponse['cancellation']>['refund']> = {},
  over: Partial<OrderResponse> = {},
) =>
  paid({
    status: 'cancelled',
    isPaid: false,
    stage: 'cancelled',
    timeline: [
      ...paid().timeline,
      { status: 'packed', at: '2026-11-22T11:30:00.000Z', by: 'Priya Admin' },
      { status: 'cancelled', at: '2026-11-22T12:00:00.000Z', by: 'Priya Admin' },
      { status: 'refunded', at: '2026-11-22T12:00:01.000Z', by: null },
    ],
    cancellation: {
      at: '2026-11-22T12:00:00.000Z',
      reason: 'The florist cannot source these roses this week',
      by: 'Priya Admin',
      refund: {
        amount: 1398,
        status: 'refunded',
        refundId: 'rfnd_Sim0001',
        refundedAt: '2026-11-22T12:00:01.000Z',
        paymentId: 'pay_Sim0001',
        error: null,
        ...refund,
      },
    },
    invoice: { number: 'INV/26-27/000012', issuedAt: '2026-11-22T09:15:00.000Z' },
    creditNote: { number: 'CN/26-27/000003', issuedAt: '2026-11-22T12:00:00.000Z', invoiceNumber: 'INV/26-27/000012' },
    ...over,
  });
