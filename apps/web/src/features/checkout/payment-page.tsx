import type { FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { CreditCard } from 'lucide-react';
import { Button } from '../../components/ui/button.js';
import { usePageTitle } from '../../lib/page-title.js';
import { cartActions, DEFAULT_PAYMENT_METHOD, useCart } from '../../stores/cart-store.js';
import { CheckoutSteps } from './checkout-steps.js';

/** /payment (signed-in): the one way to pay, Razorpay (UPI or card); an address comes first. */
export function PaymentPage() {
  usePageTitle('Payment Method', 'Choose how to pay for your Phoolwala Gifts order.');
  const cart = useCart();
  const navigate = useNavigate();
  if (!cart.shippingAddress) return <Navigate to="/shipping" replace />;

  function submit(e: FormEvent) {
    e.preventDefault();
    cartActions.savePaymentMethod(DEFAULT_PAYMENT_METHOD);
    navigate('/placeorder');
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-6 md:py-10">
      <CheckoutSteps current="Confirm Order" />
      <h1 className="text-2xl font-bold text-neutral-900 md:text-3xl">Payment Method</h1>
      <form
        onSubmit={submit}
        aria-label="Payment Method"
        className="mt-6 flex flex-col gap-5 rounded-xl border border-neutral-200 bg-neutral-50 p-5"
      >
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-3 text-sm font-medium text-neutral-900">Select Method</legend>
          <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-brand-600 bg-white px-4 py-3 text-sm font-medium text-neutral-900">
            <input
              type="radio"
              name="paymentMethod"
              value={DEFAULT_PAYMENT_METHOD}
              checked
              readOnly
              className="size-4 accent-brand-600"
            />
            <CreditCard className="size-5 text-brand-600" aria-hidden="true" />
            UPI or Credit/Debit Card
          </label>
        </fieldset>
        <Button type="submit" size="lg" className="w-full">
          Continue
        </Button>
      </form>
    </div>
  );
}
