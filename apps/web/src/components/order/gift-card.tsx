import { Flower2 } from 'lucide-react';
import { cn } from '../../lib/cn.js';

export interface GiftCardProps {
  message: string;
  senderName?: string;
  /** Shown in place of an empty message (the checkout preview before anything is typed). */
  placeholder?: string;
  className?: string;
}

/**
 * The message card as it is printed and tucked into the gift: the message as typed (line breaks
 * kept) and '— sender' under it.
 */
export function GiftCard({ message, senderName = '', placeholder, className }: GiftCardProps) {
  const text = message.trim();
  const from = senderName.trim();
  return (
    <div
      className={cn(
        'relative flex min-h-36 flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 px-5 py-4 font-serif text-neutral-900 shadow-sm',
        className,
      )}
    >
      <Flower2 className="absolute top-3 right-3 size-5 text-brand-600/60" aria-hidden="true" />
      {text ? (
        <p className="pr-6 text-base leading-relaxed wrap-anywhere whitespace-pre-wrap">{text}</p>
      ) : (
        <p className="pr-6 text-base text-neutral-600 italic">{placeholder}</p>
      )}
      {from ? <p className="mt-auto text-right text-sm wrap-anywhere">— {from}</p> : null}
    </div>
  );
}
