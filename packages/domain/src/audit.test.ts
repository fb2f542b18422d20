import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  AUDIT_REDACTED,
  auditChanges,
  isAuditAction,
  type AuditChanges,
} from './audit.js';

describe('auditChanges', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>, AuditChanges]>([
    [
      'keeps only the fields that changed',
      { name: 'Red Roses', price: 499, available: true },
      { name: 'Red Roses', price: 549, available: true },
      { before: { price: 499 }, after: { price: 549 } },
    ],
    [
      'nothing changed: both empty',
      { name: 'Red Roses', price: 499 },
      { price: 499, name: 'Red Roses' },
      { before: {}, after: {} },
    ],
    [
      'a field missing on one side reads as null',
      { name: 'Lilies', brand: 'Phoolwala' },
      { name: 'Lilies', weight: 500 },
      { before: { brand: 'Phoolwala', weight: null }, after: { brand: null, weight: 500 } },
    ],
    [
      'null and undefined are the same nothing',
      { weight: null, height: undefined },
      { weight: undefined, height: null },
      { before: {}, after: {} },
    ],
    [
      'arrays are compared whole, in order',
      { tags: ['roses', 'red'], color: ['Red'] },
      { tags: ['red', 'roses'], color: ['Red'] },
      { before: { tags: ['roses', 'red'] }, after: { tags: ['red', 'roses'] } },
    ],
    [
      'objects are compared whatever the order of their keys',
      { variants: [{ _id: 'a', name: 'Small', price: 499 }] },
      { variants: [{ price: 499, name: 'Small', _id: 'a' }] },
      { before: {}, after: {} },
    ],
    [
      'a changed element keeps the whole array on both sides',
      {
        variants: [
          { name: 'Small', price: 499 },
          { name: 'Large', price: 899 },
        ],
      },
      {
        variants: [
          { name: 'Small', price: 499 },
          { name: 'Large', price: 949 },
        ],
      },
      {
        before: {
          variants: [
            { name: 'Small', price: 499 },
            { name: 'Large', price: 899 },
          ],
        },
        after: {
          variants: [
            { name: 'Small', price: 499 },
            { name: 'Large', price: 949 },
          ],
        },
      },
    ],
    [
      'dates are kept as ISO instants and compared as such',
      { discountEndDate: new Date('2026-02-14T18:30:00.000Z'), validFrom: new Date('2026-02-01T00:00:00Z') },
      { discountEndDate: '2026-02-14T18:30:00.000Z', validFrom: new Date('2026-02-02T00:00:00Z') },
      { before: { validFrom: '2026-02-01T00:00:00.000Z' }, after: { validFrom: '2026-02-02T00:00:00.000Z' } },
    ],
    [
      'false and 0 are values, not nothing',
      { isFeatured: true, countInStock: 3 },
      { isFeatured: false, countInStock: 0 },
      { before: { isFeatured: true, countInStock: 3 }, after: { isFeatured: false, countInStock: 0 } },
    ],
  ])('%s', (_name, before, after, expected) => {
    expect(auditChanges(before, after)).toEqual(expected);
  });

  it('keeps the fields of a new record that hold something, and no before', () => {
    expect(
      auditChanges(null, {
        code: 'DIWALI20',
        kind: 'percent',
        value: 20,
        active: false,
        maxDiscount: null,
        categories: [],
        note: '',
        dimensions: { length: null, width: null },
        variants: [{ name: 'Small', image: '' }],
      }),
    ).toEqual({
      before: null,
      after: { code: 'DIWALI20', kind: 'percent', value: 20, active: false, variants: [{ name: 'Small', image: '' }] },
    });
  });

  it('keeps the fields of a deleted record that held something, and no after', () => {
    expect(auditChanges({ name: 'Meera Pillai', email: 'meera@example.in', pincode: '' }, undefined)).toEqual({
      before: { name: 'Meera Pillai', email: 'meera@example.in' },
      after: null,
    });
  });

  describe('secrets', () => {
    it('says a password changed without keeping either value', () => {
      const changes = auditChanges(
        { name: 'Meera', password: '$argon2id$v=19$old' },
        { name: 'Meera', password: '$argon2id$v=19$new' },
      );
      expect(changes).toEqual({ before: { password: AUDIT_REDACTED }, after: { password: AUDIT_REDACTED } });
      expect(JSON.stringify(changes)).not.toContain('argon2');
    });

    it('leaves out a secret that did not change', () => {
      expect(auditChanges({ passwordHash: 'h1', name: 'A' }, { passwordHash: 'h1', name: 'B' })).toEqual({
        before: { name: 'A' },
        after: { name: 'B' },
      });
    });

    it('says a password was set where there was none (a Google account)', () => {
      expect(auditChanges({ passwordHash: null }, { passwordHash: 'h2' })).toEqual({
        before: { passwordHash: null },
        after: { passwordHash: AUDIT_REDACTED },
      });
    });

    it.each([['resetToken'], ['apiSecret'], ['Password']])('redacts %s in created and deleted records', (field) => {
      expect(auditChanges(null, { [field]: 'x', name: 'A' }).after).toEqual({ [field]: AUDIT_REDACTED, name: 'A' });
      expect(auditChanges({ [field]: 'x' }, null).before).toEqual({ [field]: AUDIT_REDACTED });
    });

    it('redacts secrets nested in objects and arrays', () => {
      const changes = auditChanges(
        { accounts: [{ email: 'a@example.in', password: 'one' }] },
        { accounts: [{ email: 'a@example.in', password: 'two' }] },
      );
      expect(changes).toEqual({
        before: { accounts: [{ email: 'a@example.in', password: AUDIT_REDACTED }] },
        after: { accounts: [{ email: 'a@example.in', password: AUDIT_REDACTED }] },
      });
    });
  });
});

describe('the audit vocabulary', () => {
  it('names an entity type for every action, order cancellations included', () => {
    for (const type of Object.values(AUDIT_ACTIONS)) expect(AUDIT_ENTITY_TYPES).toContain(type);
    expect(AUDIT_ACTIONS['order.cancel']).toBe('order');
  });

  it.each([
    ['product.update', true],
    ['order.cancel', true],
    ['toString', false],
    ['product.rename', false],
  ])('%s is an action: %s', (value, expected) => {
    expect(isAuditAction(value)).toBe(expected);
  });
});
