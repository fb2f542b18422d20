import { Dialog } from 'radix-ui';
import { Printer } from 'lucide-react';
import type { ScheduledOrder } from '@store/contracts';
import { Button } from '../../components/ui/button.js';

/**
 * While the card is open, printing shows the card alone: the app's own tree is taken out of the
 * printout (so a long schedule prints no blank pages), everything else in the dialog is hidden,
 * and the card fills one page, large and centred. The dialog has no transform, so the card's fixed
 * position is the page's, not the dialog's.
 */
const PRINT_CSS = `
@media print {
  @page { margin: 0; }
  body > *:not(:has([data-print-card])) { display: none !important; }
  body * { visibility: hidden !important; }
  [data-print-card], [data-print-card] * { visibility: visible !important; }
  [data-print-card] {
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
    font-size: 26pt !important;
  }
}
`;

/** The text of a message card: the message as typed (line breaks kept), then '— sender'. */
function CardText({ giftMessage }: { giftMessage: NonNullable<ScheduledOrder['giftMessage']> }) {
  return (
    <>
      <p className="text-[1.5em] leading-snug whitespace-pre-line">{giftMessage.message}</p>
      {giftMessage.senderName ? <p className="mt-[1em] text-[1.1em] italic">— {giftMessage.senderName}</p> : null}
    </>
  );
}

/**
 * An order's message card, shown as it will be printed, with a Print button. Opened by the
 * schedule's 'Print card'; Escape or Close gives focus back to that button.
 */
export function MessageCardDialog({ order, onClose }: { order: ScheduledOrder | null; onClose: () => void }) {
  const giftMessage = order?.giftMessage;
  return (
    <Dialog.Root open={Boolean(giftMessage)} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 grid place-items-center overflow-y-auto bg-black/50 p-4">
          <Dialog.Content
            aria-describedby={undefined}
            className="flex w-full max-w-2xl flex-col gap-4 rounded-xl bg-white p-4 shadow-xl focus:outline-none md:p-6"
          >
            <style>{PRINT_CSS}</style>
            <Dialog.Title className="text-lg font-semibold text-neutral-900">
              Message card for {order?.recipient.name}
            </Dialog.Title>
            {giftMessage ? (
              <figure
                data-print-card=""
                aria-label="Message card"
                className="flex min-h-64 flex-col items-center justify-center rounded-lg border-2 border-dashed border-neutral-300 px-6 py-10 text-center text-lg text-neutral-900 md:text-xl"
              >
                <CardText giftMessage={giftMessage} />
              </figure>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="outline">Close</Button>
              </Dialog.Close>
              <Button onClick={() => window.print()}>
                <Printer className="size-4" aria-hidden="true" />
                Print
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
