import { cartCount, useCart } from '../../stores/cart-store.js';
import { CartButtonView } from './cart-button-view.js';

/** The cart button counting what the cart holds (cart-button.tsx loads it after the first page). */
export default function CountedCartButton() {
  return <CartButtonView count={cartCount(useCart())} />;
}
