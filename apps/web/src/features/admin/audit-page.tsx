import { Link } from 'react-router';
import { History } from 'lucide-react';
import type { AuditEntry } from '@store/contracts';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  AUDIT_ENTITY_TYPES,
  AUDIT_REDACTED,
  type AuditEntityType,
} from '@store/domain';
import { cn } from '../../lib/cn.js';
import { formatDateTime } from '../../lib/format.js';
import { usePageTitle } from '../../lib/page-title.js';
import { useAdmins, useAuditTrail } from './admin-api.js';
import { AdminPage, cellClasses, Th } from './admin-page.js';
import { DateRangeFilter, FilterSelect, isPageSize, PagedList, SearchBox, useListState } from './list-controls.js';

const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);
const AUDIT_LIST_STATE = {
  actor: isUuid,
  entityType: (v: string) => (AUDIT_ENTITY_TYPES as readonly string[]).includes(v),
  entityId: (v: string) => v.length <= 100,
  from: isDate,
  to: isDate,
  pageSize: isPageSize,
};

/** Where an admin looks at the entity now; none for a deletion, or for what has no page of its own. */
function entityHref(entry: AuditEntry): string | null {
  if (entry.after === null) return null;
  const { type, id } = entry.entity;
  switch (type) {
    case 'product':
      return `/admin/product/${id}/edit`;
    case 'user':
      return `/admin/user/${id}/edit`;
    case 'order':
      return `/order/${id}`;
    case 'coupon':
      return `/admin/coupon/${id}/edit`;
    case 'service_area':
      return '/admin/deliveries';
    case 'delivery_slot':
      return `/admin/deliveries?date=${id.split('/')[1] ?? ''}`;
    case 'payment':
      return '/admin/orderlist';
    case 'email':
      return '/admin/outbox';
    case 'image':
      return null;
  }
}

/** 'countInStock' → 'Count in stock', 'midnight.fee' → 'Midnight fee', 'hsnCode' → 'HSN code'. */
function fieldLabel(field: string): string {
  const words = field
    .replace(/^_/, '')
    .replace(/[._]/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\b(hsn|gst)\b/g, (acronym) => acronym.toUpperCase());
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** A recorded value as words: instants in IST, lists joined, records as their fields. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (value === AUDIT_REDACTED) return 'hidden';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return INSTANT.test(value) ? formatDateTime(value) : value;
  if (Array.isArray(value)) {
    return value.length === 0 ? '—' : value.map(shown).join(value.some((v) => typeof v === 'object') ? '; ' : ', ');
  }
  if (typeof value === 'object') {
    return Object.entries(value)
      .filter(([k]) => k !== '_id')
      .map(([k, v]) => `${fieldLabel(k).toLowerCase()} ${shown(v)}`)
      .join(', ');
  }
  return String(value);
}

/** The fields a write changed: 'Price: 1499 → 1649'; a creation or deletion shows its values alone. */
function Changes({ entry }: { entry: AuditEntry }) {
  const { before, after } = entry;
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (fields.length === 0) return <span className="text-neutral-600 italic">No fields changed</span>;
  return (
    <ul className="flex max-w-xl flex-col gap-1 whitespace-normal">
      {fields.map((field) => {
        const was = before?.[field];
        const is = after?.[field];
        return (
          <li key={field} className="line-clamp-4 break-words" title={`${shown(was)} → ${shown(is)}`}>
            <span className="font-medium text-neutral-900">{fieldLabel(field)}</span>:{' '}
            {was === AUDIT_REDACTED && is === AUDIT_REDACTED ? (
              <span className="text-neutral-600 italic">changed (values not kept)</span>
            ) : before && after ? (
              <>
                <span className="text-red-800">{shown(was)}</span> <span aria-hidden="true">→</span>
                <span className="sr-only">to</span> <span className="text-leaf-600">{shown(is)}</span>
              </>
            ) : (
              shown(after ? is : was)
            )}
          </li>
        );
      })}
    </ul>
  );
}

const linkClasses = 'text-brand-700 underline-offset-2 hover:underline';

/**
 * /admin/audit: every admin write, newest first, with who made it and the fields it changed
 * (ADR 047); filtered by admin, kind of entity, one entity and IST days, the state in the URL.
 */
export function AuditPage() {
  usePageTitle('Audit');
  const list = useListState(AUDIT_LIST_STATE);
  const { values } = list;
  const trail = useAuditTrail(list.search);
  const admins = useAdmins();
  const knownAdmin = admins.data?.rows.some((a) => a._id === values.actor);
  const actorEmail = trail.data?.rows.find((r) => r.actor._id === values.actor)?.actor.email;

  return (
    <AdminPage
      title="Audit"
      action={
        list.filtered ? (
          <Link to="/admin/audit" className={linkClasses}>
            Clear filters
          </Link>
        ) : undefined
      }
    >
      <div className="flex flex-wrap items-end gap-3">
        <FilterSelect label="Admin" value={values.actor} onChange={(actor) => list.set({ actor })}>
          <option value="">All admins</option>
          {values.actor && !knownAdmin ? <option value={values.actor}>{actorEmail ?? 'A former admin'}</option> : null}
          {admins.data?.rows.map((a) => (
            <option key={a._id} value={a._id}>
              {a.email}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label="Entity" value={values.entityType} onChange={(entityType) => list.set({ entityType })}>
          <option value="">Everything</option>
          {AUDIT_ENTITY_TYPES.map((type) => (
            <option key={type} value={type}>
              {AUDIT_ENTITY_LABELS[type]}
            </option>
          ))}
        </FilterSelect>
        <SearchBox
          label="Entity ID"
          placeholder="The id of a product, order, user…"
          value={values.entityId}
          onSearch={(entityId) => list.set({ entityId })}
        />
        <DateRangeFilter labels={['From (IST)', 'To (IST)']} list={list} />
      </div>
      <PagedList
        list={list}
        load={trail}
        loading="the audit trail"
        failed="the audit trail"
        what="changes"
        none="No admin has changed anything yet."
        label="Audit trail"
        head={
          <>
            <Th>WHEN (IST)</Th>
            <Th>WHO</Th>
            <Th>ACTION</Th>
            <Th>ENTITY</Th>
            <Th>CHANGES</Th>
          </>
        }
      >
        {(rows) =>
          rows.map((entry) => (
            <AuditRow
              key={entry._id}
              entry={entry}
              onActor={(actor) => list.set({ actor })}
              onEntity={(entityType, entityId) => list.set({ entityType, entityId })}
            />
          ))
        }
      </PagedList>
    </AdminPage>
  );
}

function AuditRow({
  entry,
  onActor,
  onEntity,
}: {
  entry: AuditEntry;
  onActor: (actor: string) => void;
  onEntity: (type: AuditEntityType, id: string) => void;
}) {
  const href = entityHref(entry);
  const name = entry.entity.label || entry.entity.id;
  return (
    <tr className="align-top">
      <td className={cn(cellClasses, 'tabular-nums')}>{formatDateTime(entry.at)}</td>
      <td className={cellClasses}>
        <button
          type="button"
          onClick={() => onActor(entry.actor._id)}
          aria-label={`Only changes by ${entry.actor.email}`}
          title="Only this admin's changes"
          className={linkClasses}
        >
          {entry.actor.email}
        </button>
      </td>
      <td className={cellClasses}>{AUDIT_ACTION_LABELS[entry.action]}</td>
      <td className={cn(cellClasses, 'max-w-64 whitespace-normal')}>
        <span className="block text-xs text-neutral-600">{AUDIT_ENTITY_LABELS[entry.entity.type]}</span>
        <span className="flex items-start gap-1">
          {href ? (
            <Link to={href} className={cn(linkClasses, 'break-words')}>
              {name}
            </Link>
          ) : (
            <span className="break-words">{name}</span>
          )}
          <button
            type="button"
            onClick={() => onEntity(entry.entity.type, entry.entity.id)}
            aria-label={`History of ${name}`}
            title="Every change to this"
            className="shrink-0 rounded p-0.5 text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900"
          >
            <History className="size-4" aria-hidden="true" />
          </button>
        </span>
      </td>
      <td className={cellClasses}>
        <Changes entry={entry} />
        {entry.note ? <p className="mt-1 text-neutral-700">Note: {entry.note}</p> : null}
      </td>
    </tr>
  );
}
