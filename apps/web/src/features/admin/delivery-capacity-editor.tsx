import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { toast } from 'sonner';
import type { ServiceArea } from '@store/contracts';
import { LOCAL_MAKES, SLOT_TYPE_LABELS, SLOT_TYPES, type LocalMake, type SlotType } from '@store/domain';
import { Alert } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { errorMessage } from '../../lib/api.js';
import { fieldErrorsOf, type FieldMessages } from '../../lib/field-errors.js';
import { cn } from '../../lib/cn.js';
import { queryKeys } from '../../lib/query-client.js';
import { adminKeys, updateArea, updateAreaSlotType, useServiceAreas } from './admin-api.js';
import { EmptyNote, Loading } from './admin-page.js';
import { LoadError } from '../../components/ui/load-error.js';
import { Checkbox, controlClasses, FieldError, labelClasses } from './form-controls.js';
import { ConflictReview, conflictRows, reapply, staleCurrent, type FieldSpec } from './stale-edit.js';

type RowField = 'offered' | 'fee' | 'capacity';
/** A whole number of places typed in an input, or the server's own words for why it is not one. */
export function capacityProblem(value: string): string | undefined {
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n)) return 'capacity must be a whole number';
  if (n < 0) return 'capacity must not be negative';
  return undefined;
}

function feeProblem(value: string): string | undefined {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) return 'fee must be a number of rupees';
  if (n < 0) return 'fee must not be negative';
  return undefined;
}

const LEAD_DAYS_MAX = 30;

/** A whole number of days typed in an input, or the server's own words for why it is not one. */
function leadDaysProblem(value: string): string | undefined {
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n)) return 'leadDays must be a whole number of days';
  if (n < 0) return 'leadDays must not be negative';
  if (n > LEAD_DAYS_MAX) return `leadDays must be at most ${LEAD_DAYS_MAX}`;
  return undefined;
}

const MAKE_LABELS: Record<LocalMake, string> = { cakes: 'Cakes', flowers: 'Flowers' };

/** 'Cakes, Flowers'; 'Courier only' for an area whose kitchens and florists make nothing. */
const makesText = (makes: readonly LocalMake[]) =>
  makes.length ? makes.map((m) => MAKE_LABELS[m]).join(', ') : 'Courier only';

/** An area that makes nothing has no first local delivery: its days are the courier's transit. */
function leadText({ makes, leadDays }: Pick<ServiceArea, 'makes' | 'leadDays'>): string {
  if (makes.length === 0) return leadDays === 1 ? '1 day in transit' : `${leadDays} days in transit`;
  return leadDays === 0 ? 'Same-day delivery' : leadDays === 1 ? 'From the next day' : `From ${leadDays} days ahead`;
}

/** 'Slots and capacity': per service area, per slot type, whether it is offered, its fee and its places per slot. */
export function CapacityEditor() {
  const areas = useServiceAreas();
  return (
    <section aria-labelledby="slots-and-capacity" className="flex flex-col gap-4">
      <div>
        <h2 id="slots-and-capacity" className="scroll-mt-24 text-xl font-semibold text-neutral-900">
          Slots and capacity
        </h2>
        <p className="mt-1 text-sm text-neutral-600">
          What each service area offers on every date. To change one slot on one date, use Raise capacity above.
        </p>
      </div>
      {areas.isPending ? (
        <Loading what="service areas" rows={4} />
      ) : areas.isError ? (
        <LoadError what="the delivery areas" load={areas} />
      ) : areas.data.length === 0 ? (
        <EmptyNote>No service areas yet.</EmptyNote>
      ) : (
        areas.data.map((area) => <AreaEditor key={area.id} area={area} />)
      )}
    </section>
  );
}

function AreaEditor({ area }: { area: ServiceArea }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-neutral-200 bg-white p-4 md:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={headingId} className="text-lg font-semibold text-neutral-900">
          {area.name}
        </h3>
        <p className="text-sm text-neutral-600">
          PIN codes {area.pincodePrefix}… · {makesText(area.makes)} · {leadText(area)}
        </p>
      </div>
      {area.deliveryAvailable ? null : (
        <Alert tone="warning" role="status" className="mt-3">
          Deliveries to this area are paused.
        </Alert>
      )}
      {/* Filled once, and from its own saves after, like each slot type's row below. */}
      <AreaSettings area={area} />
      {/* Column headings for wide screens; each input keeps its own label for screen readers. */}
      <div
        aria-hidden="true"
        className="mt-4 hidden grid-cols-[10rem_7rem_9rem_9rem_auto] gap-3 border-b border-neutral-200 pb-2 text-xs font-semibold tracking-wide text-neutral-700 md:grid"
      >
        <span>SLOT TYPE</span>
        <span>OFFERED</span>
        <span>FEE (₹)</span>
        <span>CAPACITY PER SLOT</span>
      </div>
      <div className="mt-3 flex flex-col gap-3 md:mt-0 md:gap-0 md:divide-y md:divide-neutral-200">
        {SLOT_TYPES.map((type) => (
          // Filled once, and from its own saves after: a refetch never wipes what is typed in a row.
          <SlotTypeRow
            key={type}
            area={area}
            type={type}
            saved={
              area.slotTypes.find((t) => t.type === type) ?? { type, offered: false, fee: 0, capacity: 0, version: 0 }
            }
          />
        ))}
      </div>
    </section>
  );
}

/** The area's own settings as typed; `makes` always in LOCAL_MAKES order, so two lists compare. */
interface AreaState {
  makes: LocalMake[];
  leadDays: string;
}
type AreaField = keyof AreaState;
const areaStateOf = (a: ServiceArea): AreaState => ({ makes: [...a.makes], leadDays: String(a.leadDays) });

const AREA_FIELDS: readonly FieldSpec<AreaState>[] = [
  { key: 'makes', label: 'Made here', show: (v) => makesText(v as LocalMake[]) },
  { key: 'leadDays', label: 'Days to first delivery' },
];

/** What an area's kitchens and florists make and its days to the first delivery, saved at the version loaded. */
function AreaSettings({ area: loaded }: { area: ServiceArea }) {
  const queryClient = useQueryClient();
  const id = useId();
  // The area the form stands on: its version goes with the save; after a stale save, the area as it is now.
  const [saved, setSaved] = useState(loaded);
  const [makes, setMakes] = useState(saved.makes);
  const [leadDays, setLeadDays] = useState(String(saved.leadDays));
  const [errors, setErrors] = useState<FieldMessages<AreaField>>({});
  const [pending, setPending] = useState(false);
  const [conflict, setConflict] = useState<{ current: ServiceArea; message: string } | null>(null);
  const name = `Making and delivery days, ${saved.name}`;
  const show = (state: AreaState) => {
    setMakes(state.makes);
    setLeadDays(state.leadDays);
  };
  const focus = (field: AreaField) =>
    document.getElementById(field === 'makes' ? `${id}-${LOCAL_MAKES[0]}` : `${id}-leadDays`)?.focus();

  function resolve(keepMine: boolean) {
    if (!conflict) return;
    const now = areaStateOf(conflict.current);
    show(keepMine ? reapply(AREA_FIELDS, areaStateOf(saved), now, { makes, leadDays }) : now);
    setSaved(conflict.current);
    setConflict(null);
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending) return;
    const problem = leadDaysProblem(leadDays);
    setErrors({ leadDays: problem });
    if (problem) {
      focus('leadDays');
      return;
    }
    setPending(true);
    try {
      const answer = await updateArea(saved.id, { version: saved.version, makes, leadDays: Number(leadDays) });
      setSaved(answer);
      show(areaStateOf(answer));
      toast.success(`${name} saved`);
      setPending(false);
      // What an area makes decides which products reach its PIN codes, so listings are asked again too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.deliveries }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products }),
      ]);
    } catch (err) {
      const current = staleCurrent<ServiceArea>(err);
      if (current) {
        setConflict({ current, message: errorMessage(err) });
        setPending(false);
        return;
      }
      const fields = fieldErrorsOf(err, ['makes', 'leadDays'] as const);
      setErrors(fields);
      const first = (['makes', 'leadDays'] as const).find((f) => fields[f]);
      if (first) focus(first);
      else toast.error(errorMessage(err));
      setPending(false);
    }
  }

  const describedBy = (field: AreaField) =>
    [errors[field] ? `${id}-${field}-error` : null, `${id}-${field}-hint`].filter(Boolean).join(' ');

  const toggle = (make: LocalMake, checked: boolean) => {
    setMakes(LOCAL_MAKES.filter((m) => (m === make ? checked : makes.includes(m))));
    setErrors((x) => ({ ...x, makes: undefined }));
  };

  return (
    <form
      aria-label={name}
      aria-busy={pending}
      noValidate
      onSubmit={submit}
      className="mt-4 grid grid-cols-1 gap-3 rounded-lg border border-neutral-200 bg-neutral-50 p-3 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] md:items-start md:gap-x-6"
    >
      <fieldset aria-describedby={describedBy('makes')} className="flex flex-col gap-1.5">
        <legend className={cn(labelClasses, 'mb-1.5')}>Made here</legend>
        <div className="flex flex-wrap gap-x-6">
          {LOCAL_MAKES.map((make) => (
            <Checkbox
              key={make}
              id={`${id}-${make}`}
              label={MAKE_LABELS[make]}
              checked={makes.includes(make)}
              onCheckedChange={(checked) => toggle(make, checked)}
              aria-invalid={errors.makes ? true : undefined}
            />
          ))}
        </div>
        <FieldError id={`${id}-makes-error`}>{errors.makes}</FieldError>
        <p id={`${id}-makes-hint`} className="text-xs text-neutral-600">
          Made and hand-delivered here, in the area’s own slots. Neither: packed goods by courier only.
        </p>
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-leadDays`} className={labelClasses}>
          Days to first delivery
        </label>
        <input
          id={`${id}-leadDays`}
          type="number"
          inputMode="numeric"
          min={0}
          max={LEAD_DAYS_MAX}
          step={1}
          value={leadDays}
          onChange={(e) => {
            setLeadDays(e.target.value);
            setErrors((x) => ({ ...x, leadDays: undefined }));
          }}
          aria-invalid={errors.leadDays ? true : undefined}
          aria-describedby={describedBy('leadDays')}
          className={cn(controlClasses, 'max-w-32', errors.leadDays && 'border-red-600')}
        />
        <FieldError id={`${id}-leadDays-error`}>{errors.leadDays}</FieldError>
        <p id={`${id}-leadDays-hint`} className="text-xs text-neutral-600">
          For a courier-only area, the courier’s transit time.
        </p>
      </div>
      <Button type="submit" variant="outline" disabled={pending || conflict !== null} className="md:mt-7">
        {pending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
        Save<span className="sr-only"> {name}</span>
      </Button>
      {conflict ? (
        <ConflictReview
          level={4}
          className="md:col-span-3"
          title={`${name}: ${conflict.message}`}
          rows={conflictRows(AREA_FIELDS, areaStateOf(saved), areaStateOf(conflict.current), { makes, leadDays })}
          onReapply={() => resolve(true)}
          onDiscard={() => resolve(false)}
        />
      ) : null}
    </form>
  );
}

type SlotTypeSettings = ServiceArea['slotTypes'][number];

/** A row's fields as typed. */
interface RowState {
  offered: boolean;
  fee: string;
  capacity: string;
}
const rowOf = (s: SlotTypeSettings): RowState => ({
  offered: s.offered,
  fee: String(s.fee),
  capacity: String(s.capacity),
});

/** The row's fields as a stale save's conflict view names them. */
const ROW_FIELDS: readonly FieldSpec<RowState>[] = [
  { key: 'offered', label: 'Offered' },
  { key: 'fee', label: 'Fee (₹)' },
  { key: 'capacity', label: 'Capacity per slot' },
];

function SlotTypeRow({ area, type, saved: loaded }: { area: ServiceArea; type: SlotType; saved: SlotTypeSettings }) {
  const queryClient = useQueryClient();
  const id = useId();
  // The slot type the row stands on: its version goes with the save; after a stale save, the slot type as it is now.
  const [saved, setSaved] = useState(loaded);
  const [offered, setOffered] = useState(saved.offered);
  const [fee, setFee] = useState(String(saved.fee));
  const [capacity, setCapacity] = useState(String(saved.capacity));
  const [errors, setErrors] = useState<FieldMessages<RowField>>({});
  const [pending, setPending] = useState(false);
  const [conflict, setConflict] = useState<{ current: SlotTypeSettings; message: string } | null>(null);
  const label = SLOT_TYPE_LABELS[type];
  const name = `${label}, ${area.name}`;
  const slotTypeOf = (a: ServiceArea) => a.slotTypes.find((t) => t.type === type)!;
  const show = (row: RowState) => {
    setOffered(row.offered);
    setFee(row.fee);
    setCapacity(row.capacity);
  };

  /** Goes on from the slot type as it is now: with the admin's own changes on top, or without them. */
  function resolve(keepMine: boolean) {
    if (!conflict) return;
    const now = rowOf(conflict.current);
    show(keepMine ? reapply(ROW_FIELDS, rowOf(saved), now, { offered, fee, capacity }) : now);
    setSaved(conflict.current);
    setConflict(null);
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending) return;
    const found = { fee: feeProblem(fee), capacity: capacityProblem(capacity) };
    setErrors(found);
    if (found.fee || found.capacity) {
      (e.currentTarget.elements.namedItem(found.fee ? 'fee' : 'capacity') as HTMLInputElement | null)?.focus();
      return;
    }
    const form = e.currentTarget;
    setPending(true);
    try {
      const answer = await updateAreaSlotType(area.id, type, {
        version: saved.version,
        offered,
        fee: Number(fee),
        capacity: Number(capacity),
      });
      const now = slotTypeOf(answer);
      setSaved(now);
      show(rowOf(now));
      toast.success(`${name} saved`);
      setPending(false);
      await queryClient.invalidateQueries({ queryKey: adminKeys.deliveries });
    } catch (err) {
      const current = staleCurrent<ServiceArea>(err);
      if (current) {
        setConflict({ current: slotTypeOf(current), message: errorMessage(err) });
        setPending(false);
        return;
      }
      const fields = fieldErrorsOf(err, ['offered', 'fee', 'capacity'] as const);
      setErrors(fields);
      const first = (['offered', 'fee', 'capacity'] as const).find((f) => fields[f]);
      if (first) (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      else toast.error(errorMessage(err));
      setPending(false);
    }
  }

  const input = (field: 'fee' | 'capacity') => ({
    id: `${id}-${field}`,
    name: field,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
    className: cn(controlClasses, errors[field] && 'border-red-600'),
  });

  return (
    <form
      aria-label={name}
      aria-busy={pending}
      noValidate
      onSubmit={submit}
      className="grid grid-cols-2 items-start gap-3 rounded-lg border border-neutral-200 p-3 md:grid-cols-[10rem_7rem_9rem_9rem_auto] md:rounded-none md:border-0 md:px-0"
    >
      <p className="col-span-2 self-center font-medium text-neutral-900 md:col-span-1">{label}</p>
      <div className="col-span-2 flex flex-col md:col-span-1">
        <Checkbox
          label="Offered"
          name="offered"
          checked={offered}
          onCheckedChange={(checked) => {
            setOffered(checked);
            setErrors((x) => ({ ...x, offered: undefined }));
          }}
          aria-invalid={errors.offered ? true : undefined}
          aria-describedby={errors.offered ? `${id}-offered-error` : undefined}
        />
        <FieldError id={`${id}-offered-error`}>{errors.offered}</FieldError>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-fee`} className={cn(labelClasses, 'md:sr-only')}>
          Fee (₹)
        </label>
        <input
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          value={fee}
          onChange={(e) => {
            setFee(e.target.value);
            setErrors((x) => ({ ...x, fee: undefined }));
          }}
          {...input('fee')}
        />
        <FieldError id={`${id}-fee-error`}>{errors.fee}</FieldError>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-capacity`} className={cn(labelClasses, 'md:sr-only')}>
          Capacity per slot
        </label>
        <input
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={capacity}
          onChange={(e) => {
            setCapacity(e.target.value);
            setErrors((x) => ({ ...x, capacity: undefined }));
          }}
          {...input('capacity')}
        />
        <FieldError id={`${id}-capacity-error`}>{errors.capacity}</FieldError>
      </div>
      <Button
        type="submit"
        variant="outline"
        disabled={pending || conflict !== null}
        className="col-span-2 md:col-span-1"
      >
        {pending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
        Save<span className="sr-only"> {name}</span>
      </Button>
      {conflict ? (
        <ConflictReview
          level={4}
          className="col-span-2 md:col-span-5"
          title={`${name}: ${conflict.message}`}
          rows={conflictRows(ROW_FIELDS, rowOf(saved), rowOf(conflict.current), { offered, fee, capacity })}
          onReapply={() => resolve(true)}
          onDiscard={() => resolve(false)}
        />
      ) : null}
    </form>
  );
}
