import { useRef } from 'react';
import type { PartnerOrder } from '@store/contracts';
import { Button } from '../../components/ui/button.js';

/**
 * While one card is being printed (it carries data-printing), the printout is that card alone:
 * every element that neither holds it nor is inside it is taken out, so a long list prints no
 * blank pages, and the card fills the page, large and centred. Printing the page any other way
 * (the browser's own menu) is left as it is.
 */
export const PRINT_CARD_CSS = `
@media print {
  @page { margin: 0; }
  body:has([data-printing]) *:not(:has([data-printing])):not([data-printing]):not([data-printing] *) {
    display: none !important;
  }
  [data-printing] {
    position: fixed !important;
    inset: 0 !important;
    margin: 0 !important;
    border: 0 !important;
    border-radius: 0 !important;
    box-shadow: none !important;
    background: #fff !important;
    color: #000 !important;
    display: flex !important;
    flex-direction: column !important;
    align-items: center !important;
    justify-content: center !important;
    padding: 2.5cm !important;
    text-align: center !important;
    font-size: 24pt !important;
  }
}
`;

/**
 * The message card to print and tuck in with the gift: the buyer's words as typed (line breaks
 * kept) and who it is from, with a button that prints this card alone.
 */
export function MessageCard({
  giftMessage,
  orderNumber,
}: {
  giftMessage: NonNullable<PartnerOrder['giftMessage']>;
  orderNumber: string;
}) {
  const card = useRef<HTMLElement>(null);

  function print() {
    const el = card.current;
    if (!el) return;
    // Marked only while the print dialog is open: some browsers return from print() at once.
    el.setAttribute('data-printing', '');
    window.addEventListener('afterprint', () => el.removeAttribute('data-printing'), { once: true });
    window.print();
  }

  return (
    <div className="flex flex-col gap-2">
      <figure
        ref={card}
        aria-label={`Message card for ${orderNumber}`}
        className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3.5 font-serif text-neutral-900"
      >
        <p className="text-[1.05em] leading-relaxed wrap-anywhere whitespace-pre-line">{giftMessage.message}</p>
        {giftMessage.senderName ? (
          <figcaption className="text-[0.9em] wrap-anywhere italic">— {giftMessage.senderName}</figcaption>
        ) : null}
      </figure>
      <Button variant="outline" size="sm" className="w-fit" onClick={print}>
        Print card
      </Button>
    </div>
  );
}
