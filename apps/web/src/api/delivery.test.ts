import { afterEach, describe, expect, it, vi } from 'vitest';
import { deliverySlotsQuery } from './delivery.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the delivery slots query', () => {
  it('keys by PIN code, date and the products sorted without repeats', () => {
    const a = deliverySlotsQuery({ pincode: '682001', productIds: ['p2', 'p1', 'p2'], date: '2026-12-24' });
    const b = deliverySlotsQuery({ pincode: '682001', productIds: ['p1', 'p2'], date: '2026-12-24' });
    expect(a.queryKey).toEqual(['Delivery', 'slots', '682001', '2026-12-24', ['p1', 'p2']]);
    expect(b.queryKey).toEqual(a.queryKey);
    expect(deliverySlotsQuery({ pincode: '682001', productIds: ['p1'] }).queryKey).toEqual([
      'Delivery',
      'slots',
      '682001',
      null,
      ['p1'],
    ]);
  });

  it.each([
    [
      { pincode: '682001', productIds: ['p2', 'p1'], date: '2026-12-24' },
      '/api/delivery/slots?pincode=682001&date=2026-12-24&productId=p1&productId=p2',
    ],
    [{ pincode: '682001', productIds: [] }, '/api/delivery/slots?pincode=682001'],
  ])('asks %o at %s', async (ask, url) => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ slots: [] }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(deliverySlotsQuery(ask).queryFn({})).resolves.toEqual({ slots: [] });
    expect(fetchMock).toHaveBeenCalledWith(url, expect.objectContaining({ method: 'GET' }));
  });
});
