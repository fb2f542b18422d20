import { useId, useState, type ReactNode } from 'react';
import { Plus } from 'lucide-react';
import type { SavedAddress } from '@store/contracts';
import { formatAddress, showPhone } from '../../lib/format.js';
import { cn } from '../../lib/cn.js';

/** Cards shown before 'Show all': the recipients used most recently. */
const SHOWN_AT_FIRST = 4;

function Choice({
  checked,
  onChoose,
  label,
  description,
}: {
  checked: boolean;
  onChoose(): void;
  label: ReactNode;
  description?: ReactNode;
}) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 text-sm transition-colors hover:border-neutral-400 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
        checked ? 'border-brand-600 bg-brand-50' : 'border-neutral-300 bg-white',
      )}
    >
      <input
        id={id}
        type="radio"
        name="deliverTo"
        checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        onChange={onChoose}
        className="mt-0.5 size-4 shrink-0 accent-brand-600"
      />
      <span className="flex min-w-0 flex-col gap-0.5">
        <span id={`${id}-label`} className="font-medium text-neutral-900">
          {label}
        </span>
        {description ? (
          <span id={`${id}-description`} className="break-words text-neutral-700">
            {description}
          </span>
        ) : null}
      </span>
    </label>
  );
}

/**
 * 'Deliver to': the signed-in shopper's saved recipients as cards, and 'Use a new address'. The card
 * chosen is the one the form holds, so editing the form after picking one makes it a new address.
 */
export function SavedAddressPicker({
  addresses,
  picked,
  labelledBy,
  onPick,
  onNew,
}: {
  addresses: SavedAddress[];
  picked: SavedAddress | undefined;
  labelledBy: string;
  onPick(address: SavedAddress): void;
  onNew(): void;
}) {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll
    ? addresses
    : addresses.filter((address, i) => i < SHOWN_AT_FIRST || address._id === picked?._id);
  return (
    <div className="@container flex flex-col gap-3">
      <div role="radiogroup" aria-labelledby={labelledBy} className="grid gap-3 @md:grid-cols-2">
        {shown.map((address) => (
          <Choice
            key={address._id}
            checked={picked?._id === address._id}
            onChoose={() => onPick(address)}
            label={`${address.firstName} ${address.lastName}`}
            description={
              <>
                <span className="block">{formatAddress(address)}</span>{' '}
                <span className="block text-neutral-600">{showPhone(address.phone)}</span>
              </>
            }
          />
        ))}
        <Choice
          checked={picked === undefined}
          onChoose={onNew}
          label={
            <span className="inline-flex items-center gap-1.5">
              <Plus className="size-4" aria-hidden="true" />
              Use a new address
            </span>
          }
        />
      </div>
      {shown.length < addresses.length ? (
        <button
          type="button"
          onClick={() => setShowAll(true)}
          className="self-start text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          Show all {addresses.length} saved addresses
        </button>
      ) : null}
    </div>
  );
}
