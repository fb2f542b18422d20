/**
 * The audit trail's vocabulary and its one rule: which fields an admin's write changed, and what
 * they held before and after (ADR 047). Every action names the kind of thing it acts on, so a
 * caller names the action and the entity type follows.
 */
export const AUDIT_ENTITY_TYPES = [
  'product',
  'user',
  'order',
  'coupon',
  'service_area',
  'delivery_slot',
  'payment',
  'email',
  'image',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const AUDIT_ENTITY_LABELS: Record<AuditEntityType, string> = {
  product: 'Product',
  user: 'User',
  order: 'Order',
  coupon: 'Coupon',
  service_area: 'Service area',
  delivery_slot: 'Delivery slot',
  payment: 'Payment',
  email: 'Email',
  image: 'Picture',
};

export const AUDIT_ACTIONS = {
  'product.create': 'product',
  'product.update': 'product',
  'product.delete': 'product',
  'product.stock': 'product',
  'user.update': 'user',
  'user.role': 'user',
  'user.delete': 'user',
  'order.status': 'order',
  'order.cancel': 'order',
  'coupon.create': 'coupon',
  'coupon.update': 'coupon',
  'delivery.slot_type': 'service_area',
  'delivery.area': 'service_area',
  'delivery.capacity': 'delivery_slot',
  'payment.refund': 'payment',
  'email.retry': 'email',
  'image.upload': 'image',
  'image.delete': 'image',
} as const satisfies Record<string, AuditEntityType>;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'product.create': 'Created product',
  'product.update': 'Changed product',
  'product.delete': 'Deleted product',
  'product.stock': 'Adjusted stock',
  'user.update': 'Changed user',
  'user.role': 'Changed admin rights',
  'user.delete': 'Deleted user',
  'order.status': 'Moved order',
  'order.cancel': 'Cancelled order',
  'coupon.create': 'Created coupon',
  'coupon.update': 'Changed coupon',
  'delivery.slot_type': 'Changed slot type',
  'delivery.area': 'Changed service area',
  'delivery.capacity': 'Changed slot capacity',
  'payment.refund': 'Refunded payment',
  'email.retry': 'Retried email',
  'image.upload': 'Uploaded picture',
  'image.delete': 'Deleted picture',
};

export const isAuditAction = (value: string): value is AuditAction => Object.hasOwn(AUDIT_ACTIONS, value);

/** A value as an audit row keeps it: plain JSON. */
export type AuditValue = null | boolean | number | string | AuditValue[] | { [field: string]: AuditValue };
export type AuditFields = Record<string, AuditValue>;

export interface AuditChanges {
  /** Null for a creation. */
  before: AuditFields | null;
  /** Null for a deletion. */
  after: AuditFields | null;
}

/**
 * What stands in for a secret's value (a password hash, a token): the trail says it changed, or
 * that there was one, and never what it was, since audit rows are read by every admin and kept.
 */
export const AUDIT_REDACTED = '[redacted]';

const SECRET_FIELD = /password|secret|token/i;

/** Dates become ISO strings and undefined drops out, so what is compared is what is stored. */
function toAuditValue(value: unknown): AuditValue | undefined {
  if (value === null) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Array.isArray(value)) return value.map((v) => toAuditValue(v) ?? null);
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'bigint':
      return value.toString();
    case 'object':
      return fieldsOf(value as Record<string, unknown>);
    default:
      return undefined;
  }
}

function fieldsOf(record: Record<string, unknown>): AuditFields {
  const fields: AuditFields = {};
  for (const [key, raw] of Object.entries(record)) {
    const value = toAuditValue(raw);
    if (value !== undefined) fields[key] = value;
  }
  return fields;
}

function sameValue(a: AuditValue, b: AuditValue): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameValue(v, b[i]!));
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => sameValue(a[k] ?? null, b[k] ?? null));
}

/** A secret field keeps only whether it held something, at any depth. */
function redact(value: AuditValue, field?: string): AuditValue {
  if (field !== undefined && SECRET_FIELD.test(field)) return value === null ? null : AUDIT_REDACTED;
  if (Array.isArray(value)) return value.map((v) => redact(v));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redact(v, k)]));
  }
  return value;
}

/** Nothing, or a list or record of nothing (a product's dimensions before any is entered). */
const isEmpty = (v: AuditValue): boolean =>
  v === null ||
  v === '' ||
  (Array.isArray(v) ? v.length === 0 : typeof v === 'object' && Object.values(v).every(isEmpty));

/** A whole record, as created or as deleted: the fields that hold something. */
function wholeRecord(fields: AuditFields): AuditFields {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, v]) => !isEmpty(v))
      .map(([k, v]) => [k, redact(v, k)]),
  );
}

/**
 * The fields a write changed, before and after. A creation (no `before`) keeps the new record's
 * fields that hold something, a deletion (no `after`) the old record's; an update keeps the fields
 * whose values differ (arrays and objects compared whole, a field missing on one side read as
 * null), and nothing else. Secrets are compared by value but kept as AUDIT_REDACTED.
 */
export function auditChanges(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): AuditChanges {
  const old = before ? fieldsOf(before) : null;
  const now = after ? fieldsOf(after) : null;
  if (!old || !now) {
    return { before: old && wholeRecord(old), after: now && wholeRecord(now) };
  }
  const changes: AuditChanges = { before: {}, after: {} };
  for (const key of new Set([...Object.keys(old), ...Object.keys(now)])) {
    const was = old[key] ?? null;
    const is = now[key] ?? null;
    if (sameValue(was, is)) continue;
    changes.before![key] = redact(was, key);
    changes.after![key] = redact(is, key);
  }
  return changes;
}
