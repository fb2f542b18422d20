import { lazy, Suspense } from 'react';
import { CartButtonView } from './cart-button-view.js';

// The cart's store comes with the cart's pricing rules (GST, slots, coupons), which the first page
// does without: the count arrives just after it. The server renders, and the page hydrates with,
// no count anyway: the cart lives in the browser.
const CountedCartButton = lazy(() => import('./counted-cart-button.js'));

/** Opens the cart side panel; the badge shows the total quantity once the cart has something in it. */
export function CartButton() {
  return (
    <Suspense fallback={<CartButtonView count={0} />}>
      <CountedCartButton />
    </Suspense>
  );
}
