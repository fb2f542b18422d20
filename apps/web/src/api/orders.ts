import { useQuery } from '@tanstack/react-query';
import type { OrderResponse, UserResponse } from '@store/contracts';
import type { DeliveryStep } from '@store/domain';
import { apiFetch } from '../lib/api.js';
import { queryKeys } from '../lib/query-client.js';
import { orderItemsOf, type Cart, type CartDelivery, type ShippingAddress } from '../stores/cart-store.js';

/** `?token=…` for a guest's order, whose link's token is its only way in (issue 35); nothing otherwise. */
const access = (token: string | null | undefined) => (token ? `?token=${encodeURIComponent(token)}` : '');

/** What Razorpay Checkout (or its simulated stand-in) hands the page after a payment. */
export interface CheckoutPayment {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export const orderKey = (id: string) => [...queryKeys.orders, id] as const;
export const myOrdersKey = [...queryKeys.orders, 'mine'] as const;

/**
 * The spec's order payload. The server reads only the products, variants, options and quantities and
 * prices the order itself; the rest is sent as the spec's client sends it. The delivery is the
 * date and slot (the server has the slot's times and fee); the message card goes only when it says
 * something, the coupon and a business buyer's GSTIN, name and address only when there is one.
 */
export function orderPayload(
  cart: Cart,
  shippingAddress: ShippingAddress,
  delivery: CartDelivery,
  extras: {
    couponCode?: string | null;
    buyer?: { buyerGstin: string; buyerName: string; buyerAddress: string } | null;
    /** A guest's name and email: the only way the order reaches them (an account's are its own). */
    guest?: { name: string; email: string } | null;
  } = {},
) {
  const message = cart.giftMessage?.message.trim() ?? '';
  return {
    orderItems: orderItemsOf(cart).map((item, n) => {
      const { name, image, price, discountPrice } = cart.cartItems[n]!;
      return { ...item, name, image, price, discountPrice };
    }),
    shippingAddress,
    // The buyer's own mobile; a guest's name and email too, an account's email being its own.
    ...(cart.contactPhone || extras.guest
      ? {
          contact: {
            ...(extras.guest ? { name: extras.guest.name, email: extras.guest.email } : {}),
            ...(cart.contactPhone ? { phone: cart.contactPhone } : {}),
          },
        }
      : {}),
    delivery: { date: delivery.date, slotId: delivery.slotId },
    ...(message ? { giftMessage: { message, senderName: cart.giftMessage?.senderName.trim() ?? '' } } : {}),
    ...(extras.couponCode ? { couponCode: extras.couponCode } : {}),
    ...(extras.buyer ?? {}),
    paymentMethod: cart.paymentMethod,
    itemsPrice: cart.itemsPrice,
    shippingPrice: cart.shippingPrice,
    taxPrice: cart.taxPrice,
    totalPrice: cart.totalPrice,
  };
}

/** Places the order; the same Idempotency-Key on a retry returns the same order instead of a second one. */
export function createOrder(body: ReturnType<typeof orderPayload>, idempotencyKey: string): Promise<OrderResponse> {
  return apiFetch<OrderResponse>('/api/orders', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function verifyPayment(
  orderId: string,
  userId: string | null,
  payment: CheckoutPayment,
  token?: string | null,
): Promise<OrderResponse> {
  return apiFetch<OrderResponse>(`/api/orders/${encodeURIComponent(orderId)}/verify${access(token)}`, {
    method: 'POST',
    body: {
      razorpayOrderId: payment.razorpay_order_id,
      razorpayPaymentId: payment.razorpay_payment_id,
      razorpaySignature: payment.razorpay_signature,
      orderId,
      user: userId,
    },
  });
}

/** The tax invoice PDF of a paid order (its owner's or an admin's); the session cookie goes with the link. */
export const invoiceUrl = (orderId: string, token?: string | null) =>
  `/api/orders/${encodeURIComponent(orderId)}/invoice${access(token)}`;

/** A cancelled order's credit note PDF, crediting its invoice (its owner's or an admin's). */
export const creditNoteUrl = (orderId: string, token?: string | null) =>
  `/api/orders/${encodeURIComponent(orderId)}/credit-note${access(token)}`;

/**
 * An admin cancels a paid order not yet out for delivery, with the reason the customer reads; the
 * answer is the cancelled order, its refund made or, if the gateway did not make it, due again.
 */
export function cancelOrder(orderId: string, reason: string): Promise<OrderResponse> {
  return apiFetch<OrderResponse>(`/api/orders/${encodeURIComponent(orderId)}/cancel`, {
    method: 'POST',
    body: { reason },
  });
}

export function markDelivered(orderId: string): Promise<OrderResponse> {
  return apiFetch<OrderResponse>(`/api/orders/${encodeURIComponent(orderId)}/deliver`, { method: 'PUT' });
}

/** An admin moves a paid order forward to a delivery step (skipping is allowed); 409 when it would go back. */
export function moveOrder(orderId: string, status: DeliveryStep): Promise<OrderResponse> {
  return apiFetch<OrderResponse>(`/api/orders/${encodeURIComponent(orderId)}/status`, {
    method: 'PUT',
    body: { status },
  });
}

export function useOrder(id: string, token?: string | null) {
  return useQuery({
    queryKey: orderKey(id),
    queryFn: ({ signal }) =>
      apiFetch<OrderResponse>(`/api/orders/${encodeURIComponent(id)}${access(token)}`, { signal }),
  });
}

/** A guest's account from their order: the password is all it asks; the server signs them in. */
export function accountFromOrder(orderId: string, token: string, password: string): Promise<UserResponse> {
  return apiFetch<UserResponse>(`/api/orders/${encodeURIComponent(orderId)}/account${access(token)}`, {
    method: 'POST',
    body: { password },
  });
}

/** The signed-in shopper's orders, newest first. */
export function useMyOrders() {
  return useQuery({
    queryKey: myOrdersKey,
    queryFn: ({ signal }) => apiFetch<OrderResponse[]>('/api/orders/mine', { signal }),
  });
}
