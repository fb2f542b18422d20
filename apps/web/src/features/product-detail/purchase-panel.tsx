import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ShoppingBag, Zap } from 'lucide-react';
import type { ProductDetail } from '@store/contracts';
import { discountPercent, rupeesToPaise } from '@store/domain';
import { Button } from '../../components/ui/button.js';
import { Price } from '../../components/ui/price.js';
import { cartActions, clampQty, type CartItem } from '../../stores/cart-store.js';
import { setCartPanelOpen } from '../../stores/cart-panel-store.js';
import { DeliveryCheck } from './delivery-check.js';
import { QuantityStepper } from './quantity-stepper.js';
import { usePincodeCheck } from './use-pincode-check.js';
import { VariantPicker } from './variant-picker.js';

const UNAVAILABLE_MESSAGE = 'This product is currently unavailable';

type PurchaseFields = Pick<
  ProductDetail,
  | '_id'
  | 'name'
  | 'image'
  | 'optimizedImages'
  | 'price'
  | 'discountPrice'
  | 'countInStock'
  | 'available'
  | 'category'
  | 'variants'
  | 'gstRate'
>;

/**
 * Price, variant, delivery check, quantity and the two buy buttons. Buying needs stock and a
 * PIN code confirmed deliverable (spec section 5).
 */
export function PurchasePanel({ product }: { product: PurchaseFields }) {
  const navigate = useNavigate();
  const delivery = usePincodeCheck(product._id);
  // The first size or weight in stock is chosen from the start; none is when all are sold out.
  const [variantId, setVariantId] = useState(() => product.variants.find((v) => v.countInStock > 0)?._id ?? null);
  const [qty, setQty] = useState(1);

  // A product sold in sizes is priced and stocked by one of them, never by itself: with all sold
  // out, the first shows its price and no stock, so nothing can be added without a size.
  const variant = product.variants.find((v) => v._id === variantId) ?? product.variants[0];
  // Variant prices are list prices: a product's discount applies to the product itself only.
  const price = variant ? variant.price : product.price;
  const discountPrice = variant ? 0 : product.discountPrice;
  const stock = variant ? variant.countInStock : product.countInStock;
  const percentOff = discountPercent(rupeesToPaise(price), rupeesToPaise(discountPrice));
  const inStock = stock > 0;
  const canBuy = product.available && inStock && delivery.deliveryAvailable;

  function chooseVariant(id: string) {
    setVariantId(id);
    const next = product.variants.find((v) => v._id === id);
    if (next) setQty((q) => clampQty(q, next.countInStock));
  }

  function addToCart() {
    const item: CartItem = {
      _id: product._id,
      name: product.name,
      image: product.image,
      optimizedImages: { thumbnail: product.optimizedImages.thumbnail },
      price,
      discountPrice,
      countInStock: stock,
      qty,
      ...(variant ? { variant: { _id: variant._id, name: variant.name } } : {}),
      gstRate: product.gstRate,
    };
    cartActions.add(item);
  }

  return (
    <div className="flex flex-col gap-5">
      <div>
        <div className="flex flex-wrap items-center gap-3">
          <Price price={price} discountPrice={discountPrice} className="text-2xl [&_s]:text-base" />
          {percentOff > 0 && (
            <span className="rounded bg-amber-300 px-2 py-0.5 text-sm font-semibold text-neutral-900">
              {percentOff}% Off
            </span>
          )}
        </div>
        <p className="mt-1 text-xs text-neutral-600">Inclusive of all taxes</p>
      </div>

      {product.variants.length > 0 && (
        <VariantPicker
          legend={product.category === 'Cakes' ? 'Select weight' : 'Select size'}
          variants={product.variants}
          value={variantId}
          onChange={chooseVariant}
        />
      )}

      {!product.available ? (
        <p role="status" className="rounded-md bg-neutral-100 p-3 font-medium text-neutral-800">
          {UNAVAILABLE_MESSAGE}
        </p>
      ) : (
        <DeliveryCheck check={delivery} />
      )}

      <div className="flex flex-col gap-3">
        <div className="flex items-center gap-4">
          <QuantityStepper value={qty} max={stock} onChange={setQty} disabled={!product.available || !inStock} />
          {inStock ? (
            stock <= 5 && <span className="text-sm font-medium text-amber-700">Only {stock} left</span>
          ) : (
            <span className="text-sm font-semibold text-red-700">Out of stock</span>
          )}
        </div>
        <div className="grid grid-cols-2 gap-3">
          <Button
            size="lg"
            variant="outline"
            disabled={!canBuy}
            className="border-brand-600 px-3 whitespace-nowrap text-brand-700 hover:bg-brand-50 disabled:border-neutral-300 disabled:hover:bg-white"
            onClick={() => {
              addToCart();
              toast.success('Added to cart');
              setCartPanelOpen(true);
            }}
          >
            <ShoppingBag className="h-5 w-5" aria-hidden="true" />
            Add To Cart
          </Button>
          <Button
            size="lg"
            className="px-3 whitespace-nowrap"
            disabled={!canBuy}
            onClick={() => {
              addToCart();
              navigate('/login?redirect=/shipping');
            }}
          >
            <Zap className="h-5 w-5" aria-hidden="true" />
            Buy Now
          </Button>
        </div>
      </div>
    </div>
  );
}
