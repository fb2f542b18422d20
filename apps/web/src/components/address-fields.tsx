import { useId } from 'react';
import { INDIAN_STATE_NAMES, LANDMARK_MAX } from '@store/domain';
import { ADDRESS_FIELDS, type AddressErrors, type AddressField, type AddressValues } from '../lib/address-form.js';
import { Field } from './ui/field.js';

/** What is known about a field beyond its own check, such as a PIN code look-up's answer. */
export interface FieldNote {
  error?: string;
  hint?: string;
}

const HINTS: Partial<Record<AddressField, string>> = {
  address: 'Flat, house no., building',
  address2: 'Street, area or locality',
  landmark: 'Helps the delivery partner find it',
  phone: '10-digit mobile number, with or without +91',
};

export interface AddressFieldsProps {
  values: AddressValues;
  errors: AddressErrors;
  onChange: (field: AddressField, value: string) => void;
  /** Offered for City as the shopper types: the PIN code's district and post offices. */
  cities?: readonly string[];
  /** Said under a field that has no error of its own. */
  notes?: Partial<Record<AddressField, FieldNote>>;
}

/**
 * A recipient's address, name and phone as Indian addresses are written (ADR 082): the inputs of
 * the shipping form and of the address book, in the order of ADDRESS_FIELDS. State is offered from
 * the list of states and union territories.
 */
export function AddressFields({ values, errors, onChange, cities = [], notes = {} }: AddressFieldsProps) {
  const citiesId = useId();
  const statesId = useId();
  const field = (name: AddressField) => {
    const { label, optional } = ADDRESS_FIELDS.find((f) => f.name === name)!;
    return {
      name,
      label,
      optional,
      value: values[name],
      error: errors[name] ?? notes[name]?.error,
      hint: (errors[name] ? undefined : notes[name]?.hint) ?? HINTS[name],
      onChange: (e: { target: { value: string } }) => onChange(name, e.target.value),
      'aria-required': optional ? undefined : true,
    };
  };

  return (
    <div className="@container">
      <div className="grid gap-4 @md:grid-cols-2">
        {/* First: the PIN code fills City and State, and its hint says whether the gift can go there. */}
        <Field
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          className="@md:col-span-2"
          {...field('postalCode')}
        />
        {/* Lines 1 to 3 as India's address forms fill them: the door, the street, a landmark. */}
        <Field autoComplete="address-line1" className="@md:col-span-2" {...field('address')} />
        <Field autoComplete="address-line2" className="@md:col-span-2" {...field('address2')} />
        <Field
          autoComplete="address-line3"
          maxLength={LANDMARK_MAX}
          className="@md:col-span-2"
          {...field('landmark')}
        />
        <Field autoComplete="address-level2" list={cities.length > 0 ? citiesId : undefined} {...field('city')} />
        <Field autoComplete="address-level1" list={statesId} {...field('state')} />
        <Field autoComplete="given-name" {...field('firstName')} />
        <Field autoComplete="family-name" {...field('lastName')} />
        {/* The recipient's number: 'shipping tel' keeps browsers from filling in the buyer's own. */}
        <Field type="tel" inputMode="tel" autoComplete="shipping tel" {...field('phone')} />
      </div>
      {cities.length > 0 ? (
        <datalist id={citiesId}>
          {cities.map((city) => (
            <option key={city} value={city} />
          ))}
        </datalist>
      ) : null}
      <datalist id={statesId}>
        {INDIAN_STATE_NAMES.map((state) => (
          <option key={state} value={state} />
        ))}
      </datalist>
    </div>
  );
}
