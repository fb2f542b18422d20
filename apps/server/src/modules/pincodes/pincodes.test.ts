import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { serviceAreas } from './pincodes.table.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const check = (pincode: unknown) => t.app.inject({ method: 'POST', url: '/api/users/pincode', payload: { pincode } });

describe(`delivery check on ${testDatabaseKind}`, () => {
  it('delivers to a known PIN code anywhere in India', async () => {
    for (const pincode of ['110001', '560001', '682001', 400001]) {
      const res = await check(pincode);
      expect(res.statusCode, String(pincode)).toBe(200);
      expect(res.json()).toEqual({ deliveryAvailable: true });
    }
  });

  it.each([['12345'], ['1234567'], ['abcdef'], [''], ['68 001'], [68200.1], [null], [[682001]], [undefined]])(
    '%j is not six digits → 400 "Error - Enter 6 digits"',
    async (pincode) => {
      const res = await check(pincode);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Error - Enter 6 digits');
    },
  );

  it('answers 404 "Please enter a valid Pin" for six digits that are no PIN code', async () => {
    for (const pincode of ['999999', '000000']) {
      const res = await check(pincode);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Please enter a valid Pin');
    }
  });

  it('describes a PIN code: district, state, post offices and same-day delivery in the cities', async () => {
    const kochi = await t.app.inject({ url: '/api/pincodes/682001' });
    expect(kochi.statusCode).toBe(200);
    expect(kochi.json()).toMatchObject({
      pincode: '682001',
      district: 'Ernakulam',
      state: 'Kerala',
      deliveryAvailable: true,
      sameDayDelivery: true,
    });
    expect(kochi.json().postOffices.length).toBeGreaterThan(0);

    const delhi = (await t.app.inject({ url: '/api/pincodes/110001' })).json();
    expect(delhi).toMatchObject({
      district: 'Central Delhi',
      state: 'Delhi',
      deliveryAvailable: true,
      sameDayDelivery: true,
    });
    expect(delhi.postOffices).toContain('Janpath');

    // The rest of India is served from the day after tomorrow.
    const chennai = (await t.app.inject({ url: '/api/pincodes/600001' })).json();
    expect(chennai).toMatchObject({ state: 'Tamil Nadu', deliveryAvailable: true, sameDayDelivery: false });

    expect((await t.app.inject({ url: '/api/pincodes/1100' })).json().message).toBe('Error - Enter 6 digits');
    expect((await t.app.inject({ url: '/api/pincodes/999999' })).statusCode).toBe(404);
  });

  it('reads which areas are served from data: the most specific area wins', async () => {
    const db = t.database.db;
    await db.insert(serviceAreas).values({ name: 'Paused: Mumbai', pincodePrefix: '4000', deliveryAvailable: false });
    await db.insert(serviceAreas).values({ name: 'Nariman Point', pincodePrefix: '400021', leadDays: 0 });
    try {
      expect((await check('400001')).json()).toEqual({ deliveryAvailable: false });
      expect((await t.app.inject({ url: '/api/pincodes/400001' })).json()).toMatchObject({
        deliveryAvailable: false,
        sameDayDelivery: false,
      });
      expect((await t.app.inject({ url: '/api/pincodes/400021' })).json()).toMatchObject({
        deliveryAvailable: true,
        sameDayDelivery: true,
      });
      expect((await check('400101')).json()).toEqual({ deliveryAvailable: true });
    } finally {
      await db.delete(serviceAreas).where(eq(serviceAreas.pincodePrefix, '4000'));
      await db.delete(serviceAreas).where(eq(serviceAreas.pincodePrefix, '400021'));
    }
  });
});
