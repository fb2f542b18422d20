import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { toast } from 'sonner';
import type { Coupon } from '@store/contracts';
import { CATEGORIES } from '@store/domain';
import { Alert } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { Field } from '../../components/ui/field.js';
import { ApiError, errorMessage } from '../../lib/api.js';
import { fieldErrorsOf, recheckField } from '../../lib/field-errors.js';
import { usePageTitle } from '../../lib/page-title.js';
import { createCoupon, updateCoupon, useAdminCoupons } from './admin-api.js';
import { AdminPage, Loading } from './admin-page.js';
import { LoadError } from '../../components/ui/load-error.js';
import {
  COUPON_FIELD_SPECS,
  COUPON_FIELDS,
  couponFieldId,
  couponPayload,
  emptyCouponForm,
  formFromCoupon,
  validateCouponForm,
  type CouponField,
  type CouponFormErrors,
  type CouponFormState,
} from './coupon-form.js';
import { Checkbox, FieldError, FormSection, labelClasses } from './form-controls.js';
import { MultiSelect } from './multi-select.js';
import { ConflictReview, conflictRows, reapply, staleCurrent } from './stale-edit.js';

const LIST = '/admin/coupons';

/** /admin/coupon/new: a new coupon, active and open to everyone until limited. */
export function CouponCreatePage() {
  usePageTitle('Create Coupon');
  return (
    <AdminPage title="Create Coupon" back={LIST} narrow>
      <CouponForm />
    </AdminPage>
  );
}

/** /admin/coupon/:id/edit: every field of a coupon; 'Active' unticked retires it (there is no delete). */
export function CouponEditPage() {
  usePageTitle('Edit Coupon');
  const { id = '' } = useParams();
  // The server has no single-coupon read: the list (usually cached from the page before) has it.
  const coupons = useAdminCoupons();
  const coupon = coupons.data?.find((c) => c._id === id);
  return (
    <AdminPage title="Edit Coupon" back={LIST} narrow>
      {coupons.isPending ? (
        <Loading what="the coupon" />
      ) : coupons.isError ? (
        <LoadError what="the coupons" load={coupons} />
      ) : !coupon ? (
        <Alert>Coupon not found</Alert>
      ) : (
        // Filled once from the coupon as loaded; a refetch in the background never wipes what is typed.
        <CouponForm key={coupon._id} coupon={coupon} />
      )}
    </AdminPage>
  );
}

/** Moves focus to the first input, in page order, with an error. */
function focusFirst(form: HTMLFormElement | null, errors: CouponFormErrors): void {
  const ids = new Set(
    Object.entries(errors)
      .filter(([, message]) => message)
      .map(([field]) => couponFieldId(field as CouponField)),
  );
  const first = [...(form?.querySelectorAll<HTMLElement>('[id]') ?? [])].find((el) => ids.has(el.id));
  first?.focus();
}

/**
 * The fields a refusal is about: those the server's `details` name (total uses below the orders
 * holding the coupon is a 409 about total uses); a 409 naming none is a taken code.
 */
function serverErrors(err: unknown): CouponFormErrors {
  const named = fieldErrorsOf(err, COUPON_FIELDS);
  if (Object.keys(named).length > 0) return named;
  if (err instanceof ApiError && err.status === 409) return { code: err.message };
  return named;
}

function CouponForm({ coupon: loaded }: { coupon?: Coupon }) {
  // The coupon the form stands on: its version goes with the save, whatever a refetch brings
  // meanwhile; after a stale save, the coupon as it is now.
  const [coupon, setCoupon] = useState(loaded);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<CouponFormState>(() => (coupon ? formFromCoupon(coupon) : emptyCouponForm()));
  const [conflict, setConflict] = useState<{ current: Coupon; message: string } | null>(null);
  const [errors, setErrors] = useState<CouponFormErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const kindName = useRef(`coupon-kind-${coupon?._id ?? 'new'}`).current;

  const set = <K extends keyof CouponFormState>(key: K, value: CouponFormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => recheckField(e, key, validateCouponForm({ ...form, [key]: value })[key]));
  };
  /** Props of a text or number input: its id, value, change handler and error. */
  const field = (key: CouponField & keyof CouponFormState) => ({
    id: couponFieldId(key),
    value: form[key] as string,
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as never),
    error: errors[key],
  });
  const numberProps = (step: number | string) => ({ type: 'number', inputMode: 'decimal' as const, min: 0, step });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    const found = validateCouponForm(form);
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length) {
      setProblem('Please correct the fields marked below.');
      focusFirst(formRef.current, found);
      return;
    }
    setPending(true);
    try {
      const body = couponPayload(form);
      const saved = coupon
        ? await updateCoupon(coupon._id, { ...body, version: coupon.version })
        : await createCoupon(body);
      toast.success(coupon ? `Coupon ${saved.code} saved` : `Coupon ${saved.code} created`);
      await queryClient.invalidateQueries({ queryKey: ['Coupon'] });
      await navigate(LIST);
    } catch (err) {
      setPending(false);
      const current = staleCurrent<Coupon>(err);
      if (current) {
        setConflict({ current, message: errorMessage(err) });
        return;
      }
      const byField = serverErrors(err);
      setErrors(byField);
      setProblem(errorMessage(err));
      focusFirst(formRef.current, byField);
    }
  }

  /** Goes on from the coupon as it is now: with the admin's own changes on top, or without them. */
  function resolve(keepMine: boolean) {
    if (!conflict || !coupon) return;
    const now = formFromCoupon(conflict.current);
    setForm(keepMine ? reapply(COUPON_FIELD_SPECS, formFromCoupon(coupon), now, form) : now);
    setCoupon(conflict.current);
    setConflict(null);
  }

  const percent = form.kind === 'percent';
  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label={coupon ? 'Edit Coupon' : 'Create Coupon'}
      aria-busy={pending}
      className="flex flex-col gap-5"
    >
      {conflict && coupon ? (
        <ConflictReview
          title={conflict.message}
          rows={conflictRows(COUPON_FIELD_SPECS, formFromCoupon(coupon), formFromCoupon(conflict.current), form)}
          onReapply={() => resolve(true)}
          onDiscard={() => resolve(false)}
        />
      ) : null}
      <p className="text-sm text-neutral-600">
        Code and value are required. An empty limit means no limit. Money is in rupees.
      </p>

      <FormSection title="Discount">
        <Field
          label="Code"
          hint="3 to 20 letters, digits, - or _; saved in capitals."
          autoComplete="off"
          spellCheck={false}
          maxLength={20}
          {...field('code')}
          onChange={(e) => set('code', e.target.value.toUpperCase())}
        />
        <fieldset className="flex flex-col gap-1.5">
          <legend className={labelClasses}>Kind</legend>
          <div className="flex flex-wrap gap-x-6">
            {(
              [
                ['percent', 'Percent off'],
                ['flat', 'Flat amount off'],
              ] as const
            ).map(([kind, label]) => (
              <label
                key={kind}
                className="inline-flex min-h-10 cursor-pointer items-center gap-2.5 text-sm text-neutral-900"
              >
                <input
                  type="radio"
                  name={kindName}
                  value={kind}
                  checked={form.kind === kind}
                  onChange={() => set('kind', kind)}
                  className="size-4 shrink-0 accent-brand-600"
                />
                {label}
              </label>
            ))}
          </div>
          <FieldError id={`${couponFieldId('kind')}-error`}>{errors.kind}</FieldError>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={percent ? 'Value (%)' : 'Value (₹)'}
            hint={percent ? 'A whole percentage, 1 to 100.' : 'Rupees off the order.'}
            {...numberProps(percent ? 1 : '0.01')}
            min={percent ? 1 : 0}
            max={percent ? 100 : undefined}
            {...field('value')}
          />
          {percent ? (
            <Field
              label="Maximum discount (₹)"
              hint="Empty for no cap."
              {...numberProps('0.01')}
              {...field('maxDiscount')}
            />
          ) : null}
        </div>
      </FormSection>

      <FormSection title="Who and what">
        <Field
          label="Minimum order value (₹)"
          hint="Empty for no minimum."
          className="sm:max-w-[calc(50%-0.5rem)]"
          {...numberProps('0.01')}
          {...field('minOrderValue')}
        />
        <div className="flex flex-col gap-1.5">
          <MultiSelect
            id={couponFieldId('categories')}
            label="Categories"
            options={CATEGORIES}
            value={form.categories}
            onChange={(v) => set('categories', v)}
            placeholder="All categories"
          />
          <FieldError id={`${couponFieldId('categories')}-error`}>{errors.categories}</FieldError>
        </div>
        <Checkbox
          id={couponFieldId('firstOrderOnly')}
          label="First order only"
          checked={form.firstOrderOnly}
          onCheckedChange={(v) => set('firstOrderOnly', v)}
        />
      </FormSection>

      <FormSection title="When and how often">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Valid from (IST)" type="date" hint="Empty: from now." {...field('validFrom')} />
          <Field
            label="Valid to (IST, inclusive)"
            type="date"
            hint="Empty: no end."
            min={form.validFrom || undefined}
            {...field('validTo')}
          />
          <Field
            label="Total uses"
            hint="Empty for no limit."
            {...numberProps(1)}
            min={1}
            inputMode="numeric"
            {...field('totalUses')}
          />
          <Field
            label="Uses per customer"
            hint="Empty for no limit."
            {...numberProps(1)}
            min={1}
            inputMode="numeric"
            {...field('usesPerCustomer')}
          />
        </div>
        <Checkbox
          id={couponFieldId('active')}
          label="Active"
          checked={form.active}
          onCheckedChange={(v) => set('active', v)}
        />
        <p className="-mt-3 text-xs text-neutral-600">
          Untick to retire the coupon: it can no longer be applied, and past orders keep it.
        </p>
      </FormSection>

      {problem ? <Alert>{problem}</Alert> : null}

      <div className="flex items-center gap-3">
        <Button type="submit" size="lg" disabled={pending || conflict !== null} className="min-w-32">
          {pending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
          {coupon ? 'Save' : 'Create Coupon'}
        </Button>
      </div>
    </form>
  );
}
