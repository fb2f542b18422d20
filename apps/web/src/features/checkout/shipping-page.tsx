import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { LoaderCircle } from 'lucide-react';
import { toast } from 'sonner';
import type { DeliverySlotView, PincodeDetail, SavedAddress } from '@store/contracts';
import {
  isPincodeFormat,
  normalizeIndianMobile,
  PHONE_MESSAGE,
  pincodeStateProblem,
  type SlotType,
} from '@store/domain';
import { useSavedAddresses } from '../../api/users.js';
import { AddressFields } from '../../components/address-fields.js';
import { Button } from '../../components/ui/button.js';
import { Field } from '../../components/ui/field.js';
import {
  ADDRESS_FIELDS,
  addressErrors,
  cleanAddress,
  emptyAddress,
  firstInvalid,
  formAddress,
  savedAddressOf,
  type AddressErrors,
  type AddressField,
} from '../../lib/address-form.js';
import { todayIst } from '../../lib/delivery.js';
import { usePageTitle } from '../../lib/page-title.js';
import {
  cartActions,
  DEFAULT_PAYMENT_METHOD,
  useCart,
  type CartDelivery,
  type ShippingAddress,
} from '../../stores/cart-store.js';
import { choosePincode, chosenPincode } from '../../stores/pincode-store.js';
import { useUserInfo } from '../../stores/user-store.js';
import { setGuestCheckout, useGuestCheckout } from '../../stores/guest-store.js';
import { emailError } from '../../lib/account-validation.js';
import { CheckoutSteps } from './checkout-steps.js';
import { CHOOSE_SLOT_MESSAGE, DeliveryPicker, type NextFree } from './delivery-picker.js';
import { GiftMessageCard } from './gift-message-card.js';
import { SavedAddressPicker } from './saved-address-picker.js';
import {
  giftMessageErrors,
  NO_DELIVERY_MESSAGE,
  type GiftMessageErrors,
  type GiftMessageValues,
} from './shipping-form.js';
import { useDeliverySlots } from './use-delivery-slots.js';
import { usePincodeLookup, type PincodeAnswer, type PincodeLookup } from './use-pincode-lookup.js';

/** What the PIN code look-up says under the field: a refusal (an error) or where the order goes (a hint). */
function pincodeOutcome(lookup: PincodeLookup): { error?: string; hint?: string; blocks: boolean } {
  if (lookup.status === 'loading') return { hint: 'Checking this PIN code…', blocks: false };
  if (lookup.status === 'error') {
    // Only the server's "no such PIN code" stops the shopper; a failed look-up leaves it to the order.
    return lookup.invalid
      ? { error: lookup.message, blocks: true }
      : { hint: 'This PIN code could not be checked just now; you can still continue.', blocks: false };
  }
  if (lookup.status !== 'found') return { blocks: false };
  const { detail } = lookup;
  if (!detail.deliveryAvailable) return { error: NO_DELIVERY_MESSAGE, blocks: true };
  const where = `Delivering to ${detail.district}, ${detail.state}`;
  return { hint: detail.sameDayDelivery ? `${where}. Same-day delivery available.` : `${where}.`, blocks: false };
}

/** Where the PIN code is, when the state typed is another ('PIN code 682011 is in Kerala'). */
function stateOutcome(lookup: PincodeLookup | PincodeAnswer, state: string): string | undefined {
  if (lookup.status !== 'found' || !state.trim()) return undefined;
  return pincodeStateProblem(lookup.detail, state) ?? undefined;
}

/** The places a PIN code names, offered for City: its district first, then its post offices. */
function citiesOf(lookup: PincodeLookup): string[] {
  if (lookup.status !== 'found') return [];
  const { district, postOffices } = lookup.detail;
  const seen = new Set<string>();
  return [district, ...postOffices].filter((place) => {
    const key = place.toLowerCase();
    if (!place || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** An empty recipient but for the store's PIN code: where the shopper said the gift goes. */
function newAddress(): ShippingAddress {
  return { ...emptyAddress(), postalCode: chosenPincode() };
}

/**
 * Where the form starts: the recipient of the last order when it is at the store's PIN code (or no
 * PIN code is chosen), else a new recipient at that PIN code, whom a saved recipient there may
 * replace once the address book has come (`blankAt`). A recipient elsewhere is never where it starts.
 */
function startingPoint(previous: ShippingAddress | null): { values: ShippingAddress; blankAt: string | null } {
  const chosen = chosenPincode();
  if (previous && (!chosen || previous.postalCode.trim() === chosen)) {
    return { values: { ...emptyAddress(), ...previous }, blankAt: null };
  }
  return { values: newAddress(), blankAt: chosen || null };
}

/** The PIN code whose slots can be asked for: one the look-up found deliverable, or could not check just now. */
function slotsPincode(lookup: PincodeLookup): string | null {
  if (lookup.status === 'found') return lookup.detail.deliveryAvailable ? lookup.pincode : null;
  if (lookup.status === 'error') return lookup.invalid ? null : lookup.pincode;
  return null;
}

/** One titled part of the form. */
function FormSection({ id, title, note, children }: { id: string; title: string; note?: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 rounded-xl border border-neutral-200 bg-neutral-50 p-5"
    >
      <div>
        <h2 id={id} className="text-lg font-semibold text-neutral-900">
          {title}
        </h2>
        {note ? <p className="mt-0.5 text-sm text-neutral-600">{note}</p> : null}
      </div>
      {children}
    </section>
  );
}

/**
 * /shipping (signed-in): the recipient (the address, and the name and phone the courier calls),
 * checked field by field, or picked from the shopper's saved addresses; when the gift arrives
 * (date and slot, fee shown); and the message card. Continue goes on to confirm the order.
 */
export function ShippingPage() {
  usePageTitle('Shipping Details', 'Where your Phoolwala Gifts order should be delivered.');
  const cart = useCart();
  const navigate = useNavigate();
  const [start] = useState(() => startingPoint(cart.shippingAddress));
  const [values, setValues] = useState<ShippingAddress>(start.values);
  const [errors, setErrors] = useState<AddressErrors>({});
  const user = useUserInfo();
  const savedGuest = useGuestCheckout();
  // A guest has no address book to offer.
  const book = useSavedAddresses({ enabled: !!user }).data;
  const savedAddresses = book ?? [];
  /** The shopper has typed into the recipient or picked one: nothing replaces it from then on. */
  const chose = useRef(false);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [today] = useState(() => todayIst());
  // The delivery as saved before (its date may have passed since, which the slots answer settles).
  const [previous] = useState(() => cart.delivery);
  const [chosenDate, setChosenDate] = useState<string | null>(() =>
    previous && previous.date >= today ? previous.date : null,
  );
  const [slotId, setSlotId] = useState<string | null>(() => previous?.slotId ?? null);
  const [slotType, setSlotType] = useState<SlotType>(() => previous?.type ?? 'standard');
  const [slotError, setSlotError] = useState<string | undefined>();
  const slotsRef = useRef<HTMLDivElement>(null);
  const [gift, setGift] = useState<GiftMessageValues>(() => ({
    message: cart.giftMessage?.message ?? '',
    senderName: cart.giftMessage?.senderName ?? '',
  }));
  const [giftErrors, setGiftErrors] = useState<GiftMessageErrors>({});
  const messageRef = useRef<HTMLTextAreaElement>(null);
  // The buyer's own number, shown as its ten digits: typed here before, else the account's.
  const [contactPhone, setContactPhone] = useState(() => cart.contactPhone ?? user?.phone?.replace(/^\+91/, '') ?? '');
  const [contactError, setContactError] = useState<string | undefined>();
  // A guest's name and email: the order's link and updates reach them by nothing else.
  const [guest, setGuest] = useState(() => savedGuest ?? { name: '', email: '' });
  const [guestErrors, setGuestErrors] = useState<{ name?: string; email?: string }>({});
  const latest = useRef(values);
  latest.current = values;
  // City and state as the last look-up filled them: those (or empty fields) may be filled again.
  const autoFilled = useRef<{ city: string; state: string } | null>(null);

  const pincode = usePincodeLookup((detail: PincodeDetail) => {
    const now = latest.current;
    const replaceable = (field: 'city' | 'state') =>
      !now[field].trim() || (autoFilled.current !== null && now[field] === autoFilled.current[field]);
    const next = {
      city: replaceable('city') ? detail.district : now.city,
      state: replaceable('state') ? detail.state : now.state,
    };
    autoFilled.current = { city: detail.district, state: detail.state };
    setValues((v) => ({ ...v, ...next }));
    setErrors((e) => ({ ...e, city: next.city ? undefined : e.city, state: next.state ? undefined : e.state }));
    // The recipient's PIN code is the store's from now: the cart and the listings follow it.
    if (detail.deliveryAvailable) choosePincode(detail.pincode);
  });
  const { lookup } = pincode;

  // A new recipient at the store's PIN code gives way to the saved recipient used last there, as
  // long as the shopper has not started on the form.
  useEffect(() => {
    if (!book || !start.blankAt || chose.current || savedAddressOf(book, latest.current)) return;
    const there = book.find((a) => a.postalCode === start.blankAt);
    if (!there) return;
    autoFilled.current = null;
    setValues(formAddress(there));
  }, [book, start.blankAt]);

  // A saved PIN code is looked up again, so whether it can be delivered to is known before Continue.
  const initialPin = useRef(values.postalCode.trim());
  useEffect(() => {
    if (isPincodeFormat(initialPin.current)) void lookup(initialPin.current);
  }, [lookup]);

  const slots = useDeliverySlots(
    slotsPincode(pincode.state),
    cart.cartItems.map((i) => i._id),
    chosenDate,
  );
  const chosenSlot = slots.data?.slots.find((s) => s.id === slotId && s.available);
  // The button that took a next free slot goes with the answer it was in: the slot's radio takes
  // the focus once its date's answer is in, so the keyboard is not left on the page's body.
  const focusChosen = useRef(false);
  useEffect(() => {
    if (!chosenSlot || !focusChosen.current) return;
    focusChosen.current = false;
    slotsRef.current?.querySelector<HTMLElement>(`input[type="radio"][value="${chosenSlot.id}"]`)?.focus();
  }, [chosenSlot]);

  if (cart.cartItems.length === 0) return <Navigate to="/cart" replace />;

  const change = (field: AddressField, value: string) => {
    chose.current = true;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((errs) => (errs[field] ? { ...errs, [field]: undefined } : errs));
    if (field === 'postalCode') {
      const pin = value.trim();
      if (isPincodeFormat(pin)) void lookup(pin);
      else pincode.reset();
    }
  };

  /** Fills the form with a recipient (saved, or a new one) as it is, and checks its PIN code again. */
  function fill(next: ShippingAddress) {
    chose.current = true;
    autoFilled.current = null;
    setValues(next);
    setErrors({});
    if (isPincodeFormat(next.postalCode)) void lookup(next.postalCode);
    else pincode.reset();
  }

  function startNewAddress() {
    const next = newAddress();
    fill(next);
    // The first field left to type: House or flat when the store's PIN code filled the first.
    const first = ADDRESS_FIELDS.find(({ name }) => !next[name]);
    const input = first && formRef.current?.elements.namedItem(first.name);
    if (input instanceof HTMLInputElement) input.focus();
  }

  function refuse(found: AddressErrors) {
    setErrors(found);
    const first = firstInvalid(found);
    if (!first) return;
    toast.error(found[first]);
    const el = formRef.current?.elements.namedItem(first);
    if (el instanceof HTMLInputElement) el.focus();
  }

  function chooseSlot(slot: DeliverySlotView) {
    setSlotId(slot.id);
    setSlotType(slot.type);
    setSlotError(undefined);
  }

  function chooseNextFree(next: NextFree, type: SlotType) {
    setChosenDate(next.date);
    setSlotType(type);
    setSlotId(next.slotId);
    setSlotError(undefined);
    focusChosen.current = true;
  }

  function changeGift(field: keyof GiftMessageValues, value: string) {
    setGift((g) => ({ ...g, [field]: value }));
    setGiftErrors((errs) => (errs[field] ? { ...errs, [field]: undefined } : errs));
  }

  /** A slot is missing: say so there, and take the shopper to the first one that can be chosen. */
  function refuseSlot() {
    setSlotError(CHOOSE_SLOT_MESSAGE);
    toast.error(CHOOSE_SLOT_MESSAGE);
    const target =
      slotsRef.current?.querySelector<HTMLElement>('input[type="radio"]:not(:disabled)') ??
      slotsRef.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]') ??
      null;
    target?.focus();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    const found = addressErrors(values);
    if (firstInvalid(found)) {
      if (!chosenSlot) setSlotError(CHOOSE_SLOT_MESSAGE);
      return refuse(found);
    }
    setPending(true);
    try {
      // The answer for the PIN code in the box decides; one still on its way is waited for.
      const pin = values.postalCode.trim();
      let answer = await pincode.settled();
      if (!answer || answer.pincode !== pin) answer = await lookup(pin);
      const outcome = pincodeOutcome(answer);
      if (outcome.blocks) return refuse({ postalCode: outcome.error });
      const otherState = stateOutcome(answer, values.state);
      if (otherState) return refuse({ state: otherState });
    } finally {
      setPending(false);
    }
    if (!chosenSlot || !slots.date) return refuseSlot();
    const giftFound = giftMessageErrors(gift);
    if (giftFound.message || giftFound.senderName) {
      setGiftErrors(giftFound);
      toast.error(giftFound.message ?? giftFound.senderName);
      if (giftFound.message) messageRef.current?.focus();
      else formRef.current?.querySelector<HTMLInputElement>('input[name="senderName"]')?.focus();
      return;
    }
    if (!user) {
      const found = {
        name: guest.name.trim() ? undefined : 'Your name is required',
        email: emailError(guest.email),
      };
      if (found.name || found.email) {
        setGuestErrors(found);
        const first = found.name ? 'guestName' : 'guestEmail';
        toast.error(found.name ?? found.email);
        const input = formRef.current?.elements.namedItem(first);
        if (input instanceof HTMLInputElement) input.focus();
        return;
      }
    }
    const buyerMobile = normalizeIndianMobile(contactPhone);
    if (!buyerMobile) {
      const problem = contactPhone.trim() ? PHONE_MESSAGE : 'Your mobile number is required';
      setContactError(problem);
      toast.error(problem);
      const input = formRef.current?.elements.namedItem('contactPhone');
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    const delivery: CartDelivery = {
      date: slots.date,
      slotId: chosenSlot.id,
      type: chosenSlot.type,
      label: chosenSlot.label,
      start: chosenSlot.start,
      end: chosenSlot.end,
      fee: chosenSlot.fee,
    };
    const message = gift.message.trim();
    cartActions.saveShippingAddress(cleanAddress(values));
    cartActions.saveDelivery(delivery);
    cartActions.saveGiftMessage(message ? { message, senderName: gift.senderName.trim() } : null);
    cartActions.savePaymentMethod(DEFAULT_PAYMENT_METHOD);
    cartActions.saveContactPhone(buyerMobile.slice(3));
    if (!user) setGuestCheckout({ name: guest.name.trim(), email: guest.email.trim() });
    navigate('/placeorder');
  }

  const pin = pincodeOutcome(pincode.state);
  const otherState = stateOutcome(pincode.state, values.state);
  const picked = savedAddressOf(savedAddresses, values);

  const idleText = isPincodeFormat(values.postalCode.trim())
    ? pincode.state.status === 'loading'
      ? 'Checking this PIN code…'
      : 'Delivery dates appear once the PIN code is one we deliver to.'
    : "Enter the recipient's PIN code above to see delivery dates and times.";

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 md:py-10">
      <CheckoutSteps current="Shipping Details" />
      <h1 className="text-2xl font-bold text-neutral-900 md:text-3xl">Shipping Details</h1>
      <p className="mt-1.5 text-sm text-neutral-600">Where should we deliver your gifts?</p>
      <form
        ref={formRef}
        onSubmit={submit}
        noValidate
        aria-label="Shipping Details"
        aria-busy={pending}
        className="mt-6 flex flex-col gap-5"
      >
        {savedAddresses.length > 0 ? (
          <FormSection
            id="deliver-to-heading"
            title="Deliver to"
            note="A recipient you sent gifts to before, or a new one."
          >
            <SavedAddressPicker
              addresses={savedAddresses}
              picked={picked}
              labelledBy="deliver-to-heading"
              onPick={(address: SavedAddress) => fill(formAddress(address))}
              onNew={startNewAddress}
            />
          </FormSection>
        ) : null}
        <FormSection
          id="recipient-heading"
          title="Recipient"
          note="Whom the gift goes to: the courier calls this name and phone number."
        >
          <AddressFields
            values={values}
            errors={errors}
            onChange={change}
            cities={citiesOf(pincode.state)}
            notes={{ postalCode: pin, state: { error: otherState } }}
          />
          {/* What the PIN code look-up found, for screen readers as it arrives. */}
          <p role="status" className="sr-only">
            {[
              errors.postalCode ? '' : (pin.error ?? (pincode.state.status === 'loading' ? '' : pin.hint)),
              errors.state ? '' : otherState,
            ]
              .filter(Boolean)
              .join(' ')}
          </p>
        </FormSection>
        <FormSection id="delivery-heading" title="Delivery date and time">
          <DeliveryPicker
            slots={slots}
            today={today}
            idleText={idleText}
            slotId={slotId}
            type={slotType}
            onDate={setChosenDate}
            onType={setSlotType}
            onSlot={chooseSlot}
            onNextFree={chooseNextFree}
            error={chosenSlot ? undefined : slotError}
            previous={previous}
            containerRef={slotsRef}
          />
        </FormSection>
        <FormSection
          id="message-card-heading"
          title="Message card"
          note="Printed on a card and delivered with the gift. Leave it empty for no card."
        >
          <GiftMessageCard values={gift} errors={giftErrors} onChange={changeGift} messageRef={messageRef} />
        </FormSection>
        <FormSection
          id="your-details-heading"
          title="Your details"
          note="For the payment and updates on this order. The recipient is not told the price."
        >
          {user ? null : (
            <>
              <Field
                label="Your name"
                name="guestName"
                autoComplete="name"
                aria-required
                value={guest.name}
                error={guestErrors.name}
                onChange={(e) => {
                  setGuest((g) => ({ ...g, name: e.target.value }));
                  setGuestErrors((errs) => ({ ...errs, name: undefined }));
                }}
              />
              <Field
                label="Your email"
                name="guestEmail"
                type="email"
                inputMode="email"
                autoComplete="email"
                aria-required
                value={guest.email}
                error={guestErrors.email}
                hint="Your order's link and receipt come here."
                onChange={(e) => {
                  setGuest((g) => ({ ...g, email: e.target.value }));
                  setGuestErrors((errs) => ({ ...errs, email: undefined }));
                }}
              />
            </>
          )}
          <Field
            label="Your mobile number"
            name="contactPhone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            aria-required
            value={contactPhone}
            error={contactError}
            hint="10-digit mobile number, with or without +91"
            onChange={(e) => {
              setContactPhone(e.target.value);
              setContactError(undefined);
            }}
          />
        </FormSection>
        <Button type="submit" size="lg" disabled={pending} className="w-full">
          {pending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
          Continue
        </Button>
      </form>
    </div>
  );
}
