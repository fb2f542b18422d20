import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductDelivery } from '@store/contracts';
import { productForPincodeQuery } from '../../api/products.js';
import { cn } from '../../lib/cn.js';
import { queryKeys } from '../../lib/query-client.js';
import { openPincodeDialog, usePincode } from '../../stores/pincode-store.js';

/** How the product page and the cart say that a product cannot reach a PIN code. */
export const cannotDeliverTo = (pincode: string): string => `Can't be delivered to ${pincode}.`;

/**
 * The chosen PIN code and, by product id, the lines' products that cannot reach it, as each
 * product's page answers for it: asked again whenever the PIN code or the lines change, each answer
 * cached with the product pages. A product that no longer exists, or an answer that failed, holds
 * nothing up here: the order is checked again when it is placed.
 */
export function useUnreachable(productIds: readonly string[]): {
  pincode: string;
  unreachable: ReadonlyMap<string, ProductDelivery>;
} {
  const pincode = usePincode();
  const queryClient = useQueryClient();
  const ids = [...new Set(productIds)].sort();
  const { data } = useQuery({
    queryKey: [...queryKeys.products, 'reach', pincode, ids],
    queryFn: async () => {
      const answers = await Promise.all(
        ids.map((id) =>
          queryClient.fetchQuery(productForPincodeQuery(id, pincode)).then(
            (product): [string, ProductDelivery][] =>
              product.delivery && !product.delivery.deliverable ? [[id, product.delivery]] : [],
            () => [],
          ),
        ),
      );
      return answers.flat();
    },
    enabled: pincode !== '' && ids.length > 0,
  });
  return { pincode, unreachable: new Map(data) };
}

/** Under a line that cannot go to the chosen PIN code: that, and why in the server's sentence. */
export function LineUnreachable({ delivery, className }: { delivery: ProductDelivery; className?: string }) {
  return (
    <p className={cn('text-sm text-red-700', className)}>
      <span className="font-semibold">{cannotDeliverTo(delivery.pincode)}</span>
      {delivery.reason ? ` ${delivery.reason}` : null}
    </p>
  );
}

/**
 * Why checkout waits while some lines cannot reach the chosen PIN code: which lines to remove, or
 * another PIN code to choose. `id` is for the button it holds back to be described by.
 */
export function UnreachableLines({ id, names, pincode }: { id: string; names: readonly string[]; pincode: string }) {
  const lines = [...new Set(names)];
  return (
    <p
      id={id}
      role="status"
      className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900"
    >
      Can&apos;t be delivered to {pincode}: <strong>{lines.join(', ')}</strong>. Remove{' '}
      {lines.length === 1 ? 'it' : 'them'}, or{' '}
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={openPincodeDialog}
        className="font-semibold underline underline-offset-2"
      >
        change the PIN code
      </button>
      , to check out.
    </p>
  );
}
