import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Dialog } from 'radix-ui';
import { LoaderCircle, ShieldCheck, X } from 'lucide-react';
import { formatInr } from '@store/domain';
import type { CheckoutPayment } from '../../../api/orders.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { apiFetch, errorMessage } from '../../../lib/api.js';
import type { CheckoutInstance, CheckoutOptions, PaymentFailure } from './types.js';

type Method = 'upi' | 'card';
type SimulatedAnswer = CheckoutPayment | { error: PaymentFailure };

/** The simulated gateway (`POST /api/payments/simulated/pay`): Razorpay-shaped ids, signed as Razorpay signs them. */
function simulatePayment(razorpayOrderId: string, outcome: 'paid' | 'failed', method: Method) {
  return apiFetch<SimulatedAnswer>('/api/payments/simulated/pay', {
    method: 'POST',
    body: { razorpayOrderId, outcome, method },
  });
}

interface DialogProps {
  options: CheckoutOptions;
  onPaid(payment: CheckoutPayment): void;
  onFailed(failure: PaymentFailure): void;
  onDismiss(): void;
}

function SimulatedCheckoutDialog({ options, onPaid, onFailed, onDismiss }: DialogProps) {
  const [method, setMethod] = useState<Method>('upi');
  const [pending, setPending] = useState<'paid' | 'failed' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const amount = formatInr(options.amount);

  async function attempt(outcome: 'paid' | 'failed') {
    if (pending) return;
    setPending(outcome);
    setProblem(null);
    try {
      const answer = await simulatePayment(options.order_id, outcome, method);
      if ('error' in answer) onFailed(answer.error);
      else onPaid(answer);
    } catch (err) {
      // The gateway itself refused (the order was paid meanwhile, say): said here, checkout stays open.
      setProblem(errorMessage(err));
      setPending(null);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !pending && onDismiss()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          aria-busy={pending !== null}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-xl bg-white shadow-2xl focus:outline-none"
        >
          <div className="rounded-t-xl px-5 py-4 text-white" style={{ backgroundColor: options.theme.color }}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="text-base font-semibold">{options.name}</p>
                <p className="truncate text-xs text-white/90">{options.description}</p>
              </div>
              <Dialog.Close
                disabled={pending !== null}
                aria-label="Close"
                className="-m-1 rounded-md p-1 text-white hover:bg-white/20 disabled:opacity-60"
              >
                <X className="size-5" aria-hidden="true" />
              </Dialog.Close>
            </div>
            <p className="mt-3 text-2xl font-bold tabular-nums">{amount}</p>
          </div>
          <div className="flex flex-col gap-4 px-5 py-4">
            <div>
              <Dialog.Title className="text-base font-semibold text-neutral-900">
                Razorpay Checkout (simulated)
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-xs text-neutral-600">
                A stand-in for Razorpay on this demo store: no money moves. Pay to see a successful payment, or fail it
                to see a declined one.
              </Dialog.Description>
            </div>
            <p className="text-xs text-neutral-700">
              {options.prefill.contact} · {options.prefill.email}
            </p>
            <fieldset className="flex flex-col gap-2" disabled={pending !== null}>
              <legend className="mb-2 text-sm font-medium text-neutral-900">Pay with</legend>
              {(
                [
                  ['upi', 'UPI'],
                  ['card', 'Card'],
                ] as const
              ).map(([value, label]) => (
                <label
                  key={value}
                  className="flex cursor-pointer items-center gap-3 rounded-lg border border-neutral-300 px-3 py-2.5 text-sm has-checked:border-brand-600 has-checked:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="simulated-method"
                    value={value}
                    checked={method === value}
                    onChange={() => setMethod(value)}
                    className="size-4 accent-brand-600"
                  />
                  {label}
                </label>
              ))}
            </fieldset>
            {problem ? <Alert>{problem}</Alert> : null}
            <div className="flex flex-col gap-2">
              <Button size="lg" disabled={pending !== null} onClick={() => void attempt('paid')}>
                {pending === 'paid' ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
                Pay {amount}
              </Button>
              <Button variant="outline" disabled={pending !== null} onClick={() => void attempt('failed')}>
                {pending === 'failed' ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
                Fail payment
              </Button>
              <Dialog.Close asChild>
                <Button variant="ghost" disabled={pending !== null}>
                  Cancel
                </Button>
              </Dialog.Close>
            </div>
            <p className="flex items-center justify-center gap-1.5 text-xs text-neutral-600">
              <ShieldCheck className="size-3.5" aria-hidden="true" />
              Simulated Razorpay · test mode
            </p>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The store's stand-in for `window.Razorpay` (PAYMENT_PROVIDER=simulated): the same options,
 * events and callbacks, so the order page cannot tell which one it opened. It mounts its own
 * dialog, as Razorpay mounts its own frame.
 */
export class SimulatedCheckout implements CheckoutInstance {
  private failedListeners: ((response: { error: PaymentFailure }) => void)[] = [];
  private root: Root | null = null;
  private host: HTMLElement | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: CheckoutOptions) {}

  on(event: 'payment.failed', callback: (response: { error: PaymentFailure }) => void): void {
    if (event === 'payment.failed') this.failedListeners.push(callback);
  }

  open(): void {
    if (this.root) return;
    this.host = document.createElement('div');
    document.body.append(this.host);
    this.root = createRoot(this.host);
    const { options } = this;
    this.root.render(
      <SimulatedCheckoutDialog
        options={options}
        onPaid={(payment) => {
          this.close();
          options.handler(payment);
        }}
        onFailed={(error) => {
          this.close();
          for (const listener of this.failedListeners) listener({ error });
        }}
        onDismiss={() => this.dismiss()}
      />,
    );
    // Like Razorpay's `timeout`: checkout closes by itself before the order can no longer be paid.
    if (options.timeout > 0) this.timer = setTimeout(() => this.dismiss(), options.timeout * 1000);
  }

  close(): void {
    clearTimeout(this.timer);
    const { root, host } = this;
    this.root = null;
    this.host = null;
    // Unmounted after the current event has finished with the dialog's elements.
    setTimeout(() => {
      root?.unmount();
      host?.remove();
    });
  }

  private dismiss(): void {
    if (!this.root) return;
    this.close();
    this.options.modal.ondismiss();
  }
}
