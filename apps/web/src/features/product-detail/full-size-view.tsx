import { Dialog } from 'radix-ui';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useReturnFocus } from '../../components/ui/sheet.js';

interface FullSizeViewProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The product's name, the picture's text. */
  name: string;
  /** The uploaded original of the picture shown. */
  image: string;
  index: number;
  count: number;
  /** Steps through the pictures, -1 or 1. */
  onStep(delta: number): void;
}

/** The product's picture at full size over the page, arrow keys and buttons stepping through them. */
export function FullSizeView({ open, onOpenChange, name, image, index, count, onStep }: FullSizeViewProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/85" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={returnFocus}
          onKeyDown={(e) => {
            if (e.key === 'ArrowLeft') onStep(-1);
            if (e.key === 'ArrowRight') onStep(1);
          }}
          className="fixed inset-0 z-50 flex items-center justify-center p-4 focus:outline-none"
        >
          <Dialog.Title className="sr-only">
            {name}, image {index + 1} of {count}
          </Dialog.Title>
          <img
            src={image}
            alt={name}
            width={1000}
            height={1000}
            decoding="async"
            className="max-h-full w-auto max-w-full rounded-lg object-contain"
          />
          <Dialog.Close
            aria-label="Close"
            className="absolute top-4 right-4 rounded-full bg-white/90 p-2 text-neutral-900 hover:bg-white"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </Dialog.Close>
          {count > 1 && (
            <>
              <button
                type="button"
                aria-label="Previous image"
                onClick={() => onStep(-1)}
                className="absolute top-1/2 left-4 -translate-y-1/2 rounded-full bg-white/90 p-2 text-neutral-900 hover:bg-white"
              >
                <ChevronLeft className="h-6 w-6" aria-hidden="true" />
              </button>
              <button
                type="button"
                aria-label="Next image"
                onClick={() => onStep(1)}
                className="absolute top-1/2 right-4 -translate-y-1/2 rounded-full bg-white/90 p-2 text-neutral-900 hover:bg-white"
              >
                <ChevronRight className="h-6 w-6" aria-hidden="true" />
              </button>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
