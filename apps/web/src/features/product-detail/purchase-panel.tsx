import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ShoppingBag, Zap } from 'lucide-react';
import type { ProductDetail } from '@store/contracts';
import { chooseOptions, discountPercent, optionsPrice, paiseToRupees, rupeesToPaise } from '@store/domain';
import { Button } from '../../components/ui/button.js';
import { Price } from '../../components/ui/price.js';
import { cartActions, clampQty, type CartItem, type CartOption } from '../../stores/cart-store.js';
import { setCartPanelOpen } from '../../stores/cart-panel-store.js';
import { DeliveryCheck } from './delivery-check.js';
import { optionFieldId, OptionPicker, type OptionValues } from './option-picker.js';
import { QuantityStepper } from './quantity-stepper.js';
import type { PincodeCheckApi } from './use-pincode-check.js';
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
  | 'options'
  | 'gstRate'
>;

/**
 * The options as chosen, checked by the rule the server applies: what they add to a unit (paise),
 * the cart's copy of them, and what is wrong by option id: a text too long at once, a required
 * text left empty (`missing`) only once the shopper tries to buy.
 */
function chosenOptions(product: PurchaseFields, values: OptionValues) {
  const offered = product.options.map((o) => ({
    id: o._id,
    name: o.name,
    kind: o.kind,
    price: rupeesToPaise(o.price),
    maxLength: o.maxLength,
    required: o.required,
  }));
  const requests = product.options.flatMap((o) => {
    const value = values[o._id];
    if (o.kind === 'choice') return value === true ? [{ id: o._id }] : [];
    return typeof value === 'string' && value.trim() !== '' ? [{ id: o._id, value }] : [];
  });
  const { options, problems } = chooseOptions(offered, requests, product.name);
  const errors: Record<string, string> = {};
  const missing: Record<string, string> = {};
  for (const problem of problems) {
    if (problem.optionId) (problem.index === null ? missing : errors)[problem.optionId] ??= problem.message;
  }
  const cartOptions: CartOption[] = options.map((o) => ({
    _id: o.id,
    name: o.name,
    value: o.value,
    price: paiseToRupees(o.price),
  }));
  return { price: optionsPrice(options), cartOptions, errors, missing };
}

/**
 * Price, variant, delivery check, quantity and the two buy buttons. Buying needs stock and a
 * PIN code confirmed deliverable for this product (spec section 5); the page owns the check, since
 * what it says also decides the delivery badges and what is offered instead.
 */
export function PurchasePanel({ product, delivery }: { product: PurchaseFields; delivery: PincodeCheckApi }) {
  const navigate = useNavigate();
  // The first size or weight in stock is chosen from the start; none is when all are sold out.
  const [variantId, setVariantId] = useState(() => product.variants.find((v) => v.countInStock > 0)?._id ?? null);
  const [qty, setQty] = useState(1);
  const [optionValues, setOptionValues] = useState<OptionValues>({});
  // A required text left empty is said once the shopper tries to buy, not while the page opens.
  const [triedToBuy, setTriedToBuy] = useState(false);
  const chosen = chosenOptions(product, optionValues);
  const optionErrors = triedToBuy ? { ...chosen.missing, ...chosen.errors } : chosen.errors;

  // A product sold in sizes is priced and stocked by one of them, never by itself: with all sold
  // out, the first shows its price and no stock, so nothing can be added without a size.
  const variant = product.variants.find((v) => v._id === variantId) ?? product.variants[0];
  // A size takes the product's discount in proportion (the server's price, ADR 038). The options
  // are part of what a unit costs, undiscounted, so the price shown follows them.
  const basePrice = variant ? variant.price : product.price;
  const baseDiscountPrice = variant ? variant.discountPrice : product.discountPrice;
  const price = paiseToRupees(rupeesToPaise(basePrice) + chosen.price);
  const discountPrice = baseDiscountPrice > 0 ? paiseToRupees(rupeesToPaise(baseDiscountPrice) + chosen.price) : 0;
  const stock = variant ? variant.countInStock : product.countInStock;
  const percentOff = discountPercent(rupeesToPaise(basePrice), rupeesToPaise(baseDiscountPrice));
  const inStock = stock > 0;
  const canBuy = product.available && inStock && delivery.deliveryAvailable;

  function chooseVariant(id: string) {
    setVariantId(id);
    const next = product.variants.find((v) => v._id === id);
    if (next) setQty((q) => clampQty(q, next.countInStock));
  }

  /** Adds the line, or says which option stops it and takes the shopper there. */
  function addToCart(): boolean {
    const problem = product.options.find((o) => chosen.errors[o._id] ?? chosen.missing[o._id]);
    if (problem) {
      setTriedToBuy(true);
      document.getElementById(optionFieldId(product._id, problem._id))?.focus();
      return false;
    }
    const item: CartItem = {
      _id: product._id,
      name: product.name,
      image: product.image,
      optimizedImages: { thumbnail: product.optimizedImages.thumbnail },
      price: basePrice,
      discountPrice: baseDiscountPrice,
      countInStock: stock,
      qty,
      ...(variant ? { variant: { _id: variant._id, name: variant.name } } : {}),
      ...(chosen.cartOptions.length ? { options: chosen.cartOptions } : {}),
      gstRate: product.gstRate,
    };
    cartActions.add(item);
    return true;
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

      {product.options.length > 0 && (
        <OptionPicker
          legend={product.category === 'Cakes' ? 'Personalise your cake' : 'Personalise'}
          options={product.options}
          values={optionValues}
          errors={optionErrors}
          scope={product._id}
          onChange={(id, value) => setOptionValues((v) => ({ ...v, [id]: value }))}
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
              // The cart panel opening shows it was added: an 'Added to cart' toast would only cover it.
              if (!addToCart()) return;
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
              if (addToCart()) navigate('/login?redirect=/shipping');
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
