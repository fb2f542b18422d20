import type { CheckoutConstructor, CheckoutOptions, PaymentFailure } from './types.js';

export type PaymentProviderName = 'razorpay' | 'simulated';

const RAZORPAY_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';
let razorpayScript: Promise<CheckoutConstructor> | null = null;

/** Adds Razorpay's script to the page the first time checkout opens; a failed load may be tried again. */
function loadRazorpay(): Promise<CheckoutConstructor> {
  razorpayScript ??= new Promise<CheckoutConstructor>((resolve, reject) => {
    if (window.Razorpay) return resolve(window.Razorpay);
    const script = document.createElement('script');
    script.src = RAZORPAY_SCRIPT;
    script.async = true;
    script.onload = () =>
      window.Razorpay ? resolve(window.Razorpay) : reject(new Error('checkout.js loaded without Razorpay'));
    script.onerror = () => {
      script.remove();
      reject(new Error(`could not load ${RAZORPAY_SCRIPT}`));
    };
    document.head.append(script);
  }).catch((err: unknown) => {
    razorpayScript = null;
    throw err;
  });
  return razorpayScript;
}

/**
 * Opens checkout for an order: Razorpay's own, or the store's simulated stand-in that behaves
 * the same way (ADR 013). The caller hears back through `options.handler` (paid),
 * `options.modal.ondismiss` (closed) and `onFailed` (a failed attempt). Rejects when checkout
 * cannot be loaded.
 */
export async function openCheckout(
  provider: PaymentProviderName,
  options: CheckoutOptions,
  onFailed: (failure: PaymentFailure) => void,
): Promise<void> {
  const Checkout =
    provider === 'simulated' ? (await import('./simulated-checkout.js')).SimulatedCheckout : await loadRazorpay();
  const checkout = new Checkout(options);
  checkout.on('payment.failed', (response) => onFailed(response.error));
  checkout.open();
}
