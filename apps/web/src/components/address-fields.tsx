import { useId } from 'react';
import { INDIAN_STATE_NAMES } from '@store/domain';
import type { AddressErrors, AddressField, AddressValues } from '../lib/address-form.js';
import { Field } from './ui/field.js';

/** What is known about a field beyond its own check, such as a PIN code look-up's answer. */
export interface FieldNote {
  error?: string;
  hint?: string;
}

const HINTS: Partial<Record<AddressField, string>> = {
  address: 'Apartment, suite, etc.',
  address2: 'House number, street and area',
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
 * A recipient's name, address and phone, the courier's way: the inputs of the shipping form and
 * of the address book. State is offered from the list of states and union territories.
 */
export function AddressFields({ values, errors, onChange, cities = [], notes = {} }: AddressFieldsProps) {
  const citiesId = useId();
  const statesId = useId();
  const field = (name: AddressField) => ({
    name,
    value: values[name],
    error: errors[name] ?? notes[name]?.error,
    hint: (errors[name] ? undefined : notes[name]?.hint) ?? HINTS[name],
    onChange: (e: { target: { value: string } }) => onChange(name, e.target.value),
    'aria-required': name === 'address' ? undefined : true,
  });

  return (
    <div className="@container">
      <div className="grid gap-4 @md:grid-cols-2">
        <Field label="First Name" autoComplete="given-name" {...field('firstName')} />
        <Field label="Last Name" autoComplete="family-name" {...field('lastName')} />
        {/* Line 1 is the apartment or suite and line 2 the street address, hence the crossed autocomplete. */}
        <Field
          label="Address Line 1"
          optional
          autoComplete="address-line2"
          className="@md:col-span-2"
          {...field('address')}
        />
        <Field label="Address Line 2" autoComplete="address-line1" className="@md:col-span-2" {...field('address2')} />
        <Field
          label="City"
          autoComplete="address-level2"
          list={cities.length > 0 ? citiesId : undefined}
          {...field('city')}
        />
        <Field label="State" autoComplete="address-level1" list={statesId} {...field('state')} />
        <Field label="Pin Code" inputMode="numeric" autoComplete="postal-code" maxLength={6} {...field('postalCode')} />
        {/* The recipient's number: 'shipping tel' keeps browsers from filling in the buyer's own. */}
        <Field label="Phone" type="tel" inputMode="tel" autoComplete="shipping tel" {...field('phone')} />
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
