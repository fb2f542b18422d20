import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { toast } from 'sonner';
import { ADDRESS_BOOK_LIMIT } from '@store/domain';
import type { SavedAddress } from '@store/contracts';
import { refreshSavedAddresses, removeSavedAddress, updateSavedAddress, useSavedAddresses } from '../../api/users.js';
import { AddressFields } from '../../components/address-fields.js';
import { Alert } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { LoadError } from '../../components/ui/load-error.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import {
  ADDRESS_FIELDS,
  addressErrors,
  addressErrorsOfApiError,
  cleanAddress,
  firstInvalid,
  formAddress,
  type AddressErrors,
  type AddressField,
  type AddressValues,
} from '../../lib/address-form.js';
import { errorMessage } from '../../lib/api.js';
import { formatAddress, showPhone } from '../../lib/format.js';

const nameOf = (address: SavedAddress) => `${address.firstName} ${address.lastName}`;

function focusField(form: HTMLFormElement | null, field: AddressField | undefined) {
  const el = field ? form?.elements.namedItem(field) : null;
  if (el instanceof HTMLInputElement) el.focus();
}

/** One saved recipient, with its Edit and Remove buttons (named for it, for screen readers). */
function AddressCard({
  address,
  focusEdit,
  onEdit,
}: {
  address: SavedAddress;
  /** Back from editing it: the focus returns to its Edit button. */
  focusEdit: boolean;
  onEdit(): void;
}) {
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState(false);
  const cardRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusEdit) cardRef.current?.querySelector('button')?.focus();
  }, [focusEdit]);

  async function remove() {
    if (removing || !window.confirm(`Remove ${nameOf(address)}, ${address.city}, from your address book?`)) return;
    setRemoving(true);
    try {
      await removeSavedAddress(address._id);
      toast.success('Address removed');
      await refreshSavedAddresses(queryClient);
    } catch (err) {
      toast.error(errorMessage(err));
      setRemoving(false);
    }
  }

  const forWhom = <span className="sr-only"> the address of {nameOf(address)}</span>;
  return (
    <div ref={cardRef} className="flex flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-4 text-sm">
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="font-semibold text-neutral-900">{nameOf(address)}</p>
        <p className="break-words text-neutral-700">{formatAddress(address)}</p>
        <p className="text-neutral-600">{showPhone(address.phone)}</p>
      </div>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={onEdit}>
          Edit{forWhom}
        </Button>
        <Button variant="ghost" size="sm" disabled={removing} onClick={() => void remove()}>
          {removing ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
          Remove{forWhom}
        </Button>
      </div>
    </div>
  );
}

/**
 * A saved recipient being changed, checked as the shipping form checks it; what the server
 * refuses about a field (a PIN code in another state) is said under that field.
 */
function AddressEditor({ address, onDone }: { address: SavedAddress; onDone(): void }) {
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<AddressValues>(() => formAddress(address));
  const [errors, setErrors] = useState<AddressErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const headingId = useId();

  useEffect(() => focusField(formRef.current, ADDRESS_FIELDS[0]?.name), []);

  function change(field: AddressField, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  }

  function refuse(found: AddressErrors, message: string) {
    setErrors(found);
    toast.error(message);
    focusField(formRef.current, firstInvalid(found));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    setAlert(null);
    const found = addressErrors(values);
    const first = firstInvalid(found);
    if (first) return refuse(found, found[first]!);
    setPending(true);
    try {
      await updateSavedAddress(address._id, cleanAddress(values));
      toast.success('Address saved');
      await refreshSavedAddresses(queryClient);
      onDone();
    } catch (err) {
      const fields = addressErrorsOfApiError(err);
      // A refusal about fields is said under each of them; any other above the form.
      if (!firstInvalid(fields)) setAlert(errorMessage(err));
      refuse(fields, errorMessage(err));
      setPending(false);
    }
  }

  return (
    <form
      ref={formRef}
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby={headingId}
      aria-busy={pending}
      className="flex flex-col gap-4 rounded-xl border border-neutral-200 bg-neutral-50 p-4"
    >
      <h3 id={headingId} className="font-semibold text-neutral-900">
        Edit the address of {nameOf(address)}
      </h3>
      {alert ? <Alert>{alert}</Alert> : null}
      <AddressFields values={values} errors={errors} onChange={change} />
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
          Save
        </Button>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The profile's address book: the recipients kept from the shopper's orders, to change or remove. */
export function AddressBook() {
  const book = useSavedAddresses();
  const [editing, setEditing] = useState<string | null>(null);
  const [edited, setEdited] = useState<string | null>(null);

  let content;
  if (book.isPending) {
    content = (
      <div className="flex flex-col gap-3" aria-busy="true">
        <span className="sr-only" role="status">
          Loading your addresses…
        </span>
        <Skeleton className="h-24 w-full" />
      </div>
    );
  } else if (book.isError) {
    content = <LoadError what="your saved addresses" load={book} />;
  } else if (book.data.length === 0) {
    content = (
      <p className="rounded-xl border border-dashed border-neutral-300 p-4 text-sm text-neutral-600">
        No saved addresses yet. The address of each order you place is kept here for your next checkout.
      </p>
    );
  } else {
    content = (
      <ul aria-labelledby="address-book-heading" className="flex flex-col gap-3">
        {book.data.map((address) => (
          <li key={address._id}>
            {editing === address._id ? (
              <AddressEditor
                address={address}
                onDone={() => {
                  setEditing(null);
                  setEdited(address._id);
                }}
              />
            ) : (
              <AddressCard
                address={address}
                focusEdit={edited === address._id}
                onEdit={() => {
                  setEditing(address._id);
                  setEdited(null);
                }}
              />
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="address-book-heading" className="flex w-full max-w-md flex-col gap-4 lg:max-w-none">
      <div>
        <h2 id="address-book-heading" className="text-xl font-bold text-neutral-900 md:text-2xl">
          Address book
        </h2>
        <p className="mt-1 text-sm text-neutral-600">
          Recipients you have sent gifts to, newest first, to pick at checkout. Up to {ADDRESS_BOOK_LIMIT} are kept.
        </p>
      </div>
      {content}
    </section>
  );
}
