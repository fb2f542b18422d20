import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AuditAction, AuditEntityType, AuditFields } from '@store/domain';

/**
 * One admin write (ADR 047): who, when, what, and the fields it changed before and after, written
 * in the write's own transaction. Append-only (a trigger refuses UPDATE and DELETE). No foreign
 * keys: the actor and the entity may be deleted later, and their row here must stay as it was,
 * which is why the actor's email and the entity's name are copied in.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    entityType: text('entity_type').$type<AuditEntityType>().notNull(),
    /** Text, as entities have UUIDs, numbers (service areas), gateway ids or composite keys. */
    entityId: text('entity_id').notNull(),
    entityLabel: text('entity_label').notNull().default(''),
    before: jsonb('before').$type<AuditFields>(),
    after: jsonb('after').$type<AuditFields>(),
    note: text('note'),
  },
  (t) => [
    // Newest first under every filter: each index ends in (at, id) so a page is an index range.
    index('admin_audit_at').on(t.at.desc(), t.id.desc()),
    index('admin_audit_actor_at').on(t.actorId, t.at.desc(), t.id.desc()),
    // 'What did this admin do to coupons?': admins tend to keep to some kinds of entity, so the two
    // filters together can match nothing among many rows of either alone.
    index('admin_audit_actor_entity_type_at').on(t.actorId, t.entityType, t.at.desc(), t.id.desc()),
    index('admin_audit_entity_type_at').on(t.entityType, t.at.desc(), t.id.desc()),
    index('admin_audit_entity_id_at').on(t.entityId, t.at.desc(), t.id.desc()),
  ],
);
