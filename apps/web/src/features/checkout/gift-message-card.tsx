import { useId, type RefObject } from 'react';
import { CircleAlert } from 'lucide-react';
import { GIFT_MESSAGE_MAX, messageLength, SENDER_NAME_MAX } from '@store/domain';
import { GiftCard } from '../../components/order/gift-card.js';
import { Field } from '../../components/ui/field.js';
import { cn } from '../../lib/cn.js';
import type { GiftMessageErrors, GiftMessageValues } from './shipping-form.js';

export interface GiftMessageCardProps {
  values: GiftMessageValues;
  /** Errors shown after a Continue; going over a limit shows at once. */
  errors: GiftMessageErrors;
  onChange(field: keyof GiftMessageValues, value: string): void;
  messageRef?: RefObject<HTMLTextAreaElement | null>;
}

/**
 * The printed card that goes with the gift: a message (up to 250 letters as a reader counts
 * them, so 'ജന്മദിനാശംസകൾ' is eight), who it is from, and a preview of the card.
 */
export function GiftMessageCard({ values, errors, onChange, messageRef }: GiftMessageCardProps) {
  const id = useId();
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  const used = messageLength(values.message.trim());
  const over = used > GIFT_MESSAGE_MAX;
  const error = errors.message ?? (over ? `Message must be at most ${GIFT_MESSAGE_MAX} characters` : undefined);

  return (
    <div className="grid gap-5 md:grid-cols-2">
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={id} className="text-sm font-medium text-neutral-900">
            Message <span className="font-normal text-neutral-600">(optional)</span>
          </label>
          <textarea
            ref={messageRef}
            id={id}
            name="giftMessage"
            rows={5}
            value={values.message}
            onChange={(e) => onChange('message', e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={[error ? errorId : null, countId].filter(Boolean).join(' ')}
            placeholder="Happy birthday! Wishing you a year full of flowers."
            className={cn(
              'min-h-28 w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm placeholder:text-neutral-500 focus:border-brand-600 focus:outline-none',
              error && 'border-red-600 focus:border-red-700',
            )}
          />
          <div className="flex items-start justify-between gap-3">
            {error ? (
              <p id={errorId} className="flex items-start gap-1.5 text-sm text-red-700">
                <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {error}
              </p>
            ) : (
              <span />
            )}
            <p
              id={countId}
              className={cn('shrink-0 text-xs tabular-nums', over ? 'font-semibold text-red-700' : 'text-neutral-600')}
            >
              <span className="sr-only">Characters used: </span>
              {used}/{GIFT_MESSAGE_MAX}
            </p>
          </div>
        </div>
        <Field
          label="From"
          name="senderName"
          optional
          autoComplete="name"
          hint={`Your name as it is signed on the card, up to ${SENDER_NAME_MAX} characters`}
          value={values.senderName}
          error={errors.senderName}
          onChange={(e) => onChange('senderName', e.target.value)}
        />
      </div>
      <figure aria-labelledby={`${id}-preview`} className="flex flex-col gap-2">
        <figcaption id={`${id}-preview`} className="text-sm font-medium text-neutral-900">
          Card preview
        </figcaption>
        <GiftCard message={values.message} senderName={values.senderName} placeholder="Your message is printed here." />
      </figure>
    </div>
  );
}
