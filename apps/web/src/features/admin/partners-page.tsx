import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Mail, Pencil, Phone, UserPlus } from 'lucide-react';
import { toast } from 'sonner';
import type { PartnerInput, PartnerList, PartnerPersonInput, PartnerResponse } from '@store/contracts';
import { PARTNER_MAKE_LABELS, PARTNER_MAKES, type PartnerMake } from '@store/domain';
import { Alert } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { Field } from '../../components/ui/field.js';
import { LoadError } from '../../components/ui/load-error.js';
import { apiFetch, errorMessage } from '../../lib/api.js';
import { showPhone } from '../../lib/format.js';
import { usePageTitle } from '../../lib/page-title.js';
import { useServiceAreas } from './admin-api.js';
import { AdminPage, EmptyNote, Loading } from './admin-page.js';
import { fieldErrorsOf, type FieldMessages } from '../../lib/field-errors.js';
import { Checkbox, FieldError, FormSection, labelClasses } from './form-controls.js';

const partnersKey = ['Partner', 'admin', 'list'] as const;

function usePartners() {
  return useQuery({
    queryKey: partnersKey,
    queryFn: ({ signal }) => apiFetch<PartnerList>('/api/admin/partners', { signal }),
  });
}

const PARTNER_FIELDS = ['name', 'email', 'phone', 'areas', 'makes', 'capacityPerSlot'] as const;
type PartnerField = (typeof PARTNER_FIELDS)[number];

interface PartnerForm {
  name: string;
  email: string;
  phone: string;
  areas: number[];
  makes: PartnerMake[];
  capacityPerSlot: string;
}

const emptyForm = (): PartnerForm => ({ name: '', email: '', phone: '', areas: [], makes: [], capacityPerSlot: '5' });

/** A partner as its form starts when the admin edits it. */
const formOf = (partner: PartnerResponse): PartnerForm => ({
  name: partner.name,
  email: partner.email,
  phone: partner.phone,
  areas: partner.areas.map((a) => a._id),
  makes: partner.makes,
  capacityPerSlot: String(partner.capacityPerSlot),
});

/** What the server would refuse, said before the form is sent. */
function formProblems(form: PartnerForm): FieldMessages<PartnerField> {
  const capacity = Number(form.capacityPerSlot);
  return {
    ...(form.name.trim() ? {} : { name: 'Name is required' }),
    ...(form.email.trim() ? {} : { email: 'Email is required' }),
    ...(form.phone.trim() ? {} : { phone: 'Mobile number is required' }),
    ...(form.areas.length ? {} : { areas: 'Choose at least one area it serves' }),
    ...(form.makes.length ? {} : { makes: 'Choose what it makes' }),
    ...(Number.isInteger(capacity) && capacity >= 1 && capacity <= 1000
      ? {}
      : { capacityPerSlot: 'Capacity per slot must be a whole number from 1 to 1000' }),
  };
}

const toggled = <T,>(list: readonly T[], item: T, on: boolean): T[] =>
  on ? [...list, item] : list.filter((x) => x !== item);

/**
 * /admin/partners: the kitchens, florists and courier desks that make and deliver orders (issue
 * 36), what each makes, where, how many orders a slot it takes and how many it holds today, with
 * its people; a form adds a partner, and each partner invites its people by email.
 */
export function PartnersPage() {
  usePageTitle('Partners');
  const partners = usePartners();
  return (
    <AdminPage title="Partners">
      <p className="max-w-3xl text-sm text-neutral-700">
        Kitchens, florists and courier desks that make and deliver orders in their areas. A paid order is offered to the
        least busy partner that serves its PIN code and makes everything in it.
      </p>
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_24rem]">
        <div className="flex flex-col gap-4">
          {partners.isPending ? (
            <Loading what="partners" rows={3} />
          ) : partners.isError ? (
            <LoadError what="the partners" load={partners} />
          ) : partners.data.partners.length === 0 ? (
            <EmptyNote>No partners yet. Orders stay with the store&apos;s own team until you add one.</EmptyNote>
          ) : (
            partners.data.partners.map((partner) => <PartnerCard key={partner._id} partner={partner} />)
          )}
        </div>
        <AddPartner />
      </div>
    </AdminPage>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">{label}</dt>
      <dd className="text-sm wrap-anywhere text-neutral-900">{children}</dd>
    </div>
  );
}

function PartnerCard({ partner }: { partner: PartnerResponse }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const headingId = `partner-${partner._id}`;

  async function save(body: PartnerInput) {
    const saved = await apiFetch<PartnerResponse>(`/api/admin/partners/${encodeURIComponent(partner._id)}`, {
      method: 'PUT',
      body,
    });
    queryClient.setQueryData<PartnerList>(partnersKey, (list) =>
      list ? { partners: list.partners.map((p) => (p._id === saved._id ? saved : p)) } : list,
    );
    toast.success(`${saved.name} saved`);
    setEditing(false);
  }

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border border-neutral-200 bg-white p-4 md:p-5"
    >
      <div>
        <div className="flex items-start justify-between gap-2">
          <h2 id={headingId} className="text-lg font-semibold wrap-anywhere text-neutral-900">
            {partner.name}
          </h2>
          {editing ? null : (
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Edit ${partner.name}`}
              title="Edit"
              onClick={() => setEditing(true)}
            >
              <Pencil className="size-4" aria-hidden="true" />
            </Button>
          )}
        </div>
        {editing ? null : (
          <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-neutral-700">
            <a href={`mailto:${partner.email}`} className="inline-flex items-center gap-1.5 hover:underline">
              <Mail className="size-4" aria-hidden="true" />
              {partner.email}
            </a>
            <a href={`tel:${partner.phone}`} className="inline-flex items-center gap-1.5 hover:underline">
              <Phone className="size-4" aria-hidden="true" />
              {showPhone(partner.phone)}
            </a>
          </p>
        )}
      </div>
      {editing ? (
        <PartnerEditor
          label={`Edit ${partner.name}`}
          initial={formOf(partner)}
          submitLabel="Save changes"
          save={save}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Fact label="Makes">{partner.makes.map((m) => PARTNER_MAKE_LABELS[m]).join(', ')}</Fact>
            <Fact label="Areas">{partner.areas.map((a) => a.name).join(', ')}</Fact>
            <Fact label="Capacity per slot">{partner.capacityPerSlot}</Fact>
            <Fact label="Today's orders">{partner.loadToday}</Fact>
          </dl>
          <div className="flex flex-col gap-2 border-t border-neutral-200 pt-3">
            <h3 className="text-sm font-semibold text-neutral-900">People</h3>
            {partner.people.length === 0 ? (
              <p className="text-sm text-neutral-700">Nobody yet: invite the person who takes the orders.</p>
            ) : (
              <ul className="flex flex-col gap-1 text-sm text-neutral-900">
                {partner.people.map((person) => (
                  <li key={person._id} className="wrap-anywhere">
                    {person.name} <span className="text-neutral-600">· {person.email}</span>
                  </li>
                ))}
              </ul>
            )}
            <InvitePerson partner={partner} />
          </div>
        </>
      )}
    </article>
  );
}

/** 'Invite a person': their name and email; the email carries a link to set a password. */
function InvitePerson({ partner }: { partner: PartnerResponse }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<PartnerPersonInput>({ name: '', email: '' });
  const [errors, setErrors] = useState<FieldMessages<'name' | 'email'>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  if (!open) {
    return (
      <Button variant="outline" size="sm" className="w-fit" onClick={() => setOpen(true)}>
        <UserPlus className="size-4" aria-hidden="true" />
        Invite a person
      </Button>
    );
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    const found: FieldMessages<'name' | 'email'> = {
      ...(values.name.trim() ? {} : { name: 'Name is required' }),
      ...(values.email.trim() ? {} : { email: 'Email is required' }),
    };
    setErrors(found);
    if (found.name || found.email) return;
    setPending(true);
    setRefusal(null);
    try {
      const next = await apiFetch<PartnerResponse>(`/api/admin/partners/${encodeURIComponent(partner._id)}/people`, {
        method: 'POST',
        body: { name: values.name.trim(), email: values.email.trim() },
      });
      queryClient.setQueryData<PartnerList>(partnersKey, (list) =>
        list ? { partners: list.partners.map((p) => (p._id === next._id ? next : p)) } : list,
      );
      toast.success(`Invitation sent to ${values.email.trim()}`);
      setValues({ name: '', email: '' });
      setOpen(false);
    } catch (err) {
      const named = fieldErrorsOf(err, ['name', 'email'] as const);
      setErrors(named);
      if (!named.name && !named.email) setRefusal(errorMessage(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      noValidate
      aria-label={`Invite a person to ${partner.name}`}
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-3 rounded-lg border border-neutral-200 bg-neutral-50 p-3"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Name"
          autoComplete="off"
          value={values.name}
          error={errors.name}
          onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
        />
        <Field
          label="Email"
          type="email"
          autoComplete="off"
          value={values.email}
          error={errors.email}
          onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
        />
      </div>
      <p className="text-xs text-neutral-600">
        They get an email with a link to set a password, then sign in to see {partner.name}&apos;s orders.
      </p>
      {refusal ? <Alert>{refusal}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
          Send invitation
        </Button>
        <Button variant="outline" size="sm" disabled={pending} onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The form that adds a partner; emptied for the next one once it is added. */
function AddPartner() {
  const queryClient = useQueryClient();
  const [added, setAdded] = useState(0);

  async function save(body: PartnerInput) {
    const partner = await apiFetch<PartnerResponse>('/api/admin/partners', { method: 'POST', body });
    toast.success(`${partner.name} added. Invite its people next.`);
    setAdded((n) => n + 1);
    await queryClient.invalidateQueries({ queryKey: partnersKey });
  }

  return (
    <FormSection title="Add a partner">
      <PartnerEditor key={added} label="Add a partner" initial={emptyForm()} submitLabel="Add partner" save={save} />
    </FormSection>
  );
}

/**
 * A partner's contact, areas, what it makes and how many orders a slot it takes: checked before it
 * is sent, then `save`d; the server's refusal of a field shows beside it.
 */
function PartnerEditor({
  label,
  initial,
  submitLabel,
  save,
  onCancel,
}: {
  label: string;
  initial: PartnerForm;
  submitLabel: string;
  save: (body: PartnerInput) => Promise<void>;
  onCancel?: () => void;
}) {
  const areas = useServiceAreas();
  const [form, setForm] = useState<PartnerForm>(initial);
  const [errors, setErrors] = useState<FieldMessages<PartnerField>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);

  // After the errors render: the first field (or list of boxes) to put right, in page order.
  const focusFirstProblem = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] input')?.focus(),
    );

  const set = <K extends keyof PartnerForm>(field: K, value: PartnerForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    const found = formProblems(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstProblem();
      return;
    }
    setPending(true);
    setRefusal(null);
    try {
      await save({
        name: form.name.trim(),
        email: form.email.trim(),
        phone: form.phone.trim(),
        areas: form.areas,
        makes: form.makes,
        capacityPerSlot: Number(form.capacityPerSlot),
      });
    } catch (err) {
      const named = fieldErrorsOf(err, PARTNER_FIELDS);
      setErrors(named);
      if (Object.keys(named).length === 0) setRefusal(errorMessage(err));
      else focusFirstProblem();
    } finally {
      setPending(false);
    }
  }

  return (
    <form ref={formRef} noValidate aria-label={label} onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      <Field label="Name" value={form.name} error={errors.name} onChange={(e) => set('name', e.target.value)} />
      <Field
        label="Email"
        type="email"
        value={form.email}
        error={errors.email}
        onChange={(e) => set('email', e.target.value)}
      />
      <Field
        label="Mobile number"
        type="tel"
        inputMode="tel"
        value={form.phone}
        error={errors.phone}
        onChange={(e) => set('phone', e.target.value)}
      />
      <fieldset
        className="flex flex-col gap-1"
        data-invalid={errors.areas ? '' : undefined}
        aria-describedby={errors.areas ? `${id}-areas` : undefined}
      >
        <legend className={labelClasses}>Areas it serves</legend>
        {areas.isPending ? (
          <Loading what="service areas" rows={2} />
        ) : areas.isError ? (
          <LoadError what="the service areas" load={areas} />
        ) : (
          <div className="grid grid-cols-2 gap-x-3">
            {areas.data.map((area) => (
              <Checkbox
                key={area.id}
                label={area.name}
                checked={form.areas.includes(area.id)}
                onCheckedChange={(on) => set('areas', toggled(form.areas, area.id, on))}
              />
            ))}
          </div>
        )}
        <FieldError id={`${id}-areas`}>{errors.areas}</FieldError>
      </fieldset>
      <fieldset
        className="flex flex-col gap-1"
        data-invalid={errors.makes ? '' : undefined}
        aria-describedby={errors.makes ? `${id}-makes` : undefined}
      >
        <legend className={labelClasses}>What it makes</legend>
        {PARTNER_MAKES.map((make) => (
          <Checkbox
            key={make}
            label={PARTNER_MAKE_LABELS[make]}
            checked={form.makes.includes(make)}
            onCheckedChange={(on) => set('makes', toggled(form.makes, make, on))}
          />
        ))}
        <FieldError id={`${id}-makes`}>{errors.makes}</FieldError>
      </fieldset>
      <Field
        label="Capacity per slot"
        hint="How many orders it can take in one delivery slot"
        type="number"
        inputMode="numeric"
        min={1}
        max={1000}
        value={form.capacityPerSlot}
        error={errors.capacityPerSlot}
        onChange={(e) => set('capacityPerSlot', e.target.value)}
      />
      {refusal ? <Alert>{refusal}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="outline" disabled={pending} onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
