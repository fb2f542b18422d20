import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, LoaderCircle, TicketPercent } from 'lucide-react';
import type { CouponQuote } from '@store/contracts';
import { couponCodeProblem, normaliseCouponCode } from '@store/domain';
import { couponKey, isCouponRefusal, validateCoupon } from '../../api/coupons.js';
import { errorMessage } from '../../lib/api.js';
import { cn } from '../../lib/cn.js';
import { cartActions, orderItemsOf, type Cart } from '../../stores/cart-store.js';
import { Button } from '../ui/button.js';
import { Input } from '../ui/input.js';

export interface CouponState {
  /** The code kept in the cart, applied or not. */
  code: string | null;
  /** The server's word that the code applies to the cart as it is now. */
  quote: CouponQuote | null;
  /** Rupees off, 0 unless `quote`. */
  discount: number;
  /** The code is being checked against the cart as it is now (a changed cart asks again). */
  checking: boolean;
  /** The code to send with an order: the applied one, or one the check could not answer (the server decides). */
  codeToSend: string | null;
  /** Why the code does not apply: refused when applied, when the cart changed, or when the order was placed. */
  error: string | null;
  text: string;
  setText: (text: string) => void;
  applying: boolean;
  apply: () => Promise<void>;
  remove: () => void;
  /** The server refused the code when the order was placed: it is taken off, and the message shown by the field. */
  refusedAtOrder: (message: string) => void;
}

/**
 * The coupon of a cart. The applied code lives in the cart store, so one applied in the cart is there
 * at checkout; its quote is asked of the server for the cart's items as they are, so changing a
 * quantity checks it again (and a cart that fell below the coupon's minimum says so).
 */
export function useCoupon(cart: Pick<Cart, 'cartItems' | 'couponCode'>): CouponState {
  const queryClient = useQueryClient();
  const code = cart.couponCode;
  const items = orderItemsOf(cart);
  const query = useQuery({
    queryKey: couponKey(code ?? '', items),
    queryFn: ({ signal }) => validateCoupon(code ?? '', items, signal),
    enabled: code !== null && items.length > 0,
    staleTime: 60_000,
    retry: false,
  });
  const [text, setText] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);

  const quote = code !== null && query.isSuccess ? query.data : null;
  const refused = code !== null && query.isError && isCouponRefusal(query.error);

  async function apply() {
    if (applying) return;
    const typed = normaliseCouponCode(text);
    const problem = typed === '' ? 'Enter a coupon code' : couponCodeProblem(typed);
    if (problem) {
      setLocalError(problem);
      return;
    }
    setApplying(true);
    setLocalError(null);
    try {
      await queryClient.fetchQuery({
        queryKey: couponKey(typed, items),
        queryFn: ({ signal }) => validateCoupon(typed, items, signal),
        staleTime: 0,
        retry: false,
      });
      cartActions.saveCouponCode(typed);
      setText('');
    } catch (err) {
      setLocalError(errorMessage(err));
    } finally {
      setApplying(false);
    }
  }

  function remove() {
    cartActions.saveCouponCode(null);
    setLocalError(null);
  }

  function refusedAtOrder(message: string) {
    if (code) setText(code);
    cartActions.saveCouponCode(null);
    setLocalError(message);
    void queryClient.invalidateQueries({ queryKey: ['Coupon'] });
  }

  return {
    code,
    quote,
    discount: quote?.couponDiscount ?? 0,
    checking: code !== null && query.isFetching && !quote,
    codeToSend: code !== null && !refused ? code : null,
    error: code !== null ? (query.isError ? errorMessage(query.error) : null) : localError,
    text,
    setText,
    applying,
    apply,
    remove,
    refusedAtOrder,
  };
}

/**
 * 'Coupon code' with Apply; once applied, the code, the server's message and Remove. A refusal is
 * the server's own message, announced and tied to the input (or to Remove, for an applied code
 * that no longer fits the cart).
 */
export function CouponField({ coupon, className }: { coupon: CouponState; className?: string }) {
  const inputId = useId();
  const messageId = `${inputId}-message`;

  if (coupon.code !== null) {
    return (
      <div className={cn('flex flex-col gap-2', className)}>
        <p className="text-sm font-medium text-neutral-900">Coupon code</p>
        <div className="flex items-center justify-between gap-2 rounded-md border border-dashed border-neutral-400 bg-white py-1 pr-1 pl-3">
          <span className="flex min-w-0 items-center gap-2 text-sm font-semibold tracking-wide text-neutral-900">
            <TicketPercent className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
            <span className="truncate">{coupon.code}</span>
            {coupon.checking ? (
              <>
                <LoaderCircle className="size-4 shrink-0 animate-spin text-neutral-500" aria-hidden="true" />
                <span className="sr-only">Checking the coupon</span>
              </>
            ) : null}
          </span>
          <Button
            variant="ghost"
            size="sm"
            onClick={coupon.remove}
            aria-describedby={coupon.error ? messageId : undefined}
            className="shrink-0 text-brand-700"
          >
            Remove<span className="sr-only"> coupon {coupon.code}</span>
          </Button>
        </div>
        {coupon.quote ? (
          <p role="status" className="flex items-start gap-1.5 text-sm text-green-700">
            <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {coupon.quote.message}
          </p>
        ) : null}
        {coupon.error ? (
          <p id={messageId} role="alert" className="flex items-start gap-1.5 text-sm text-red-700">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {coupon.error}
          </p>
        ) : null}
      </div>
    );
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    void coupon.apply();
  }

  return (
    <form noValidate onSubmit={submit} className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-neutral-900">
        Coupon code
      </label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          value={coupon.text}
          onChange={(e) => coupon.setText(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-invalid={coupon.error ? true : undefined}
          aria-describedby={coupon.error ? messageId : undefined}
          className={cn(
            'min-w-0 flex-1 uppercase placeholder:normal-case',
            coupon.error && 'border-red-600 focus:border-red-700',
          )}
        />
        <Button type="submit" variant="outline" disabled={coupon.applying} className="shrink-0">
          {coupon.applying ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
          Apply
        </Button>
      </div>
      {coupon.error ? (
        <p id={messageId} role="alert" className="flex items-start gap-1.5 text-sm text-red-700">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {coupon.error}
        </p>
      ) : null}
    </form>
  );
}
