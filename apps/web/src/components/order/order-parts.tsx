import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatInr, rupeesToPaise, SLOT_TYPE_LABELS, type SlotType } from '@store/domain';
import { cn } from '../../lib/cn.js';
import { inr, minusInr } from '../../lib/format.js';
import { LineOptions, type LineOption } from './line-options.js';
import { pictureProps } from '../../lib/pictures.js';

/** One line of an order or a cart, as the order pages list it. */
export interface OrderLine {
  key: string;
  /** The product's id; null when the product has since been deleted (no link then). */
  productId: string | null;
  name: string;
  variantName?: string;
  /** The personalisations of each unit ('Eggless', a message on the cake), prices in rupees. */
  options?: readonly LineOption[];
  image: string;
  qty: number;
  /** Rupees: the price paid per unit (the discount price when one was in force), options included. */
  unitPrice: number;
  /** Why the order cannot take this line, as the server said when it refused it. */
  problem?: string;
}

/** A titled block of an order page: Shipping, Payment Method, Order Items. */
export function OrderSection({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 border-b border-neutral-200 pb-6 last:border-b-0">
      <div className="flex items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold text-neutral-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** Label and value rows, such as Name / Email / Address / Phone. */
export function Facts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-neutral-600">{label}</dt>
          <dd className="min-w-0 break-words text-neutral-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function OrderItems({ lines }: { lines: OrderLine[] }) {
  if (lines.length === 0) return <p className="text-sm text-neutral-600">Your cart is empty.</p>;
  return (
    <ul aria-label="Order items" className="flex flex-col divide-y divide-neutral-200">
      {lines.map((line) => (
        <li key={line.key} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
          <img
            {...pictureProps(line.image, '56px')}
            alt=""
            width={56}
            height={56}
            decoding="async"
            className="size-14 shrink-0 rounded-md bg-neutral-100 object-cover"
          />
          <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:gap-4">
            <div className="min-w-0 flex-1">
              {line.productId ? (
                <Link
                  to={`/product/${line.productId}`}
                  className="line-clamp-2 text-sm font-medium text-neutral-900 hover:underline"
                >
                  {line.name}
                </Link>
              ) : (
                <span className="line-clamp-2 text-sm font-medium text-neutral-900">{line.name}</span>
              )}
              {line.variantName ? <p className="text-xs text-neutral-600">{line.variantName}</p> : null}
              <LineOptions options={line.options} className="mt-0.5" />
              {line.problem ? <p className="mt-1 text-sm font-medium text-red-700">{line.problem}</p> : null}
            </div>
            <p className="text-sm whitespace-nowrap text-neutral-800 tabular-nums">
              {line.qty} × {inr(line.unitPrice)} ={' '}
              <strong>{formatInr(rupeesToPaise(line.unitPrice) * line.qty)}</strong>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export interface Totals {
  itemsPrice: number;
  shippingPrice: number;
  /** Rupees taken off by the coupon; 0 or absent when none. */
  couponDiscount?: number;
  couponCode?: string | null;
  /** The GST included in the total (prices are tax-inclusive): part of it, not added to it. */
  taxPrice: number;
  totalPrice: number;
}

/** The delivery slot behind part of the shipping: its type and fee in rupees. */
export interface SlotFee {
  type: SlotType | string;
  fee: number;
}

/**
 * Items, Shipping, the coupon when there is one, and Total, in rupees, with the GST the total
 * includes under it. A slot with a fee says under Shipping how much of it the slot is.
 */
export function SummaryRows({ totals, slotFee }: { totals: Totals; slotFee?: SlotFee | null }) {
  const typeName = slotFee ? (SLOT_TYPE_LABELS[slotFee.type as SlotType] ?? slotFee.type) : '';
  const shipping = (
    <>
      {inr(totals.shippingPrice)}
      {slotFee && slotFee.fee > 0 ? (
        <span className="block text-xs text-neutral-600">
          {' '}
          includes {inr(slotFee.fee)} for {typeName} delivery
        </span>
      ) : null}
    </>
  );
  const discount = totals.couponDiscount ?? 0;
  const total = (
    <>
      {inr(totals.totalPrice)}
      <span className="block text-xs font-normal text-neutral-600"> incl. GST {inr(totals.taxPrice)}</span>
    </>
  );
  const rows: [key: string, label: string, ReactNode][] = [
    ['items', 'Items', inr(totals.itemsPrice)],
    ['shipping', 'Shipping', shipping],
    ...(discount > 0
      ? [
          [
            'coupon',
            totals.couponCode ? `Coupon (${totals.couponCode})` : 'Coupon',
            <span key="coupon" className="text-green-700">
              {minusInr(discount)}
            </span>,
          ] as [string, string, ReactNode],
        ]
      : []),
    ['total', 'Total', total],
  ];
  return (
    <dl className="flex flex-col text-sm">
      {rows.map(([key, label, value]) => (
        <div
          key={key}
          className={cn(
            'flex items-start justify-between gap-3 border-b border-neutral-200 py-2.5',
            key === 'total' && 'border-b-0 text-base font-semibold',
          )}
        >
          <dt className="min-w-0 break-words">{label}</dt>
          <dd className="text-right tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The summary card beside an order: its heading, the totals and whatever buttons apply. */
export function SummaryCard({
  totals,
  slotFee,
  children,
}: {
  totals: Totals;
  slotFee?: SlotFee | null;
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby="order-summary-heading"
      className="flex flex-col gap-3 rounded-xl border border-neutral-200 bg-neutral-50 p-5 lg:sticky lg:top-4"
    >
      <h2 id="order-summary-heading" className="text-lg font-semibold text-neutral-900">
        Order Summary
      </h2>
      <SummaryRows totals={totals} slotFee={slotFee} />
      {children}
    </section>
  );
}
