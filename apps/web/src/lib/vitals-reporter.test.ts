import { describe, expect, it, vi } from 'vitest';
import type { Metric } from 'web-vitals';
import { startVitalsReporter, type WebVitals } from './vitals-reporter.js';

type Report = (metric: Metric) => void;

/** web-vitals as the test drives it: each metric's callback, to call when the test says it was measured. */
function fakeWebVitals() {
  const callbacks = new Map<string, Report>();
  const on = (name: string) => (report: Report) => void callbacks.set(name, report);
  const vitals: WebVitals = {
    onLCP: on('LCP'),
    onINP: on('INP'),
    onCLS: on('CLS'),
    onFCP: on('FCP'),
    onTTFB: on('TTFB'),
  };
  const measure = (name: Metric['name'], value: number, id = `v5-${name}`) =>
    callbacks.get(name)!({
      name,
      value,
      id,
      rating: 'good',
      delta: value,
      entries: [],
      navigationType: 'navigate',
    } as Metric);
  return { vitals, measure };
}

/** A page: its document's visibility, a beacon that records what it sends, and fetch for when it refuses. */
function fakePage({ beaconAccepts = true } = {}) {
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const sendBeacon = vi.fn((_url: string, _body: string) => beaconAccepts);
  const fetch = vi.fn(async () => new Response(null, { status: 204 }));
  const target = Object.assign(new EventTarget(), { document, navigator: { sendBeacon }, fetch });
  const hide = () => {
    document.visibilityState = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
  };
  const show = () => {
    document.visibilityState = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
  };
  const beacons = () => sendBeacon.mock.calls.map(([url, body]) => ({ url, report: JSON.parse(body) }));
  return { target: target as unknown as Window, sendBeacon, fetch, hide, show, beacons };
}

describe('the web-vitals reporter', () => {
  it("sends one batch with the landing page's type, once each metric, when the page is hidden", async () => {
    const page = fakePage();
    const { vitals, measure } = fakeWebVitals();
    const started = await startVitalsReporter({
      sampleRate: 1,
      pathname: '/product/0f8e1c2a-1b2c-4d5e-8f90-123456789abc',
      load: async () => vitals,
      target: page.target,
    });
    expect(started).toBe(true);
    measure('TTFB', 310.4);
    measure('FCP', 1200);
    measure('LCP', 2100.5);
    measure('CLS', 0.01);
    measure('CLS', 0.04);
    expect(page.sendBeacon).not.toHaveBeenCalled();

    page.hide();
    const pageViewId = page.beacons()[0]?.report.pageViewId;
    expect(pageViewId).toMatch(/^[0-9a-f]{32}$/);
    expect(page.beacons()).toEqual([
      {
        url: '/api/vitals',
        report: {
          pageViewId,
          pageType: 'product',
          samples: [
            { name: 'TTFB', value: 310.4, navigationType: 'navigate' },
            { name: 'FCP', value: 1200, navigationType: 'navigate' },
            { name: 'LCP', value: 2100.5, navigationType: 'navigate' },
            { name: 'CLS', value: 0.04, navigationType: 'navigate' },
          ],
        },
      },
    ]);

    // Back and hidden again: only what was not sent yet goes, and nothing when nothing is new.
    page.show();
    measure('INP', 180);
    measure('CLS', 0.2);
    page.hide();
    page.target.dispatchEvent(new Event('pagehide'));
    expect(page.beacons().slice(1)).toEqual([
      {
        url: '/api/vitals',
        report: { pageViewId, pageType: 'product', samples: [{ name: 'INP', value: 180, navigationType: 'navigate' }] },
      },
    ]);
  });

  it('gives each page view its own id, and a page restored from the back/forward cache a new one', async () => {
    const ids = new Set<string>();
    for (let n = 0; n < 2; n++) {
      const page = fakePage();
      const { vitals, measure } = fakeWebVitals();
      await startVitalsReporter({ sampleRate: 1, pathname: '/', load: async () => vitals, target: page.target });
      measure('LCP', 1000);
      page.hide();
      // Back to a tab that never left memory: the same page view.
      page.show();
      measure('INP', 64);
      page.hide();
      // Left and restored from the back/forward cache: web-vitals reports that view afresh.
      page.target.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
      page.show();
      measure('LCP', 80, 'v5-LCP-restored');
      page.hide();
      const [first, again, restored] = page.beacons().map((b) => b.report.pageViewId as string);
      expect(again).toBe(first);
      expect(restored).not.toBe(first);
      ids.add(first!).add(restored!);
    }
    expect(ids.size).toBe(4);
  });

  it('falls back to fetch with keepalive when the beacon is refused', async () => {
    const page = fakePage({ beaconAccepts: false });
    const { vitals, measure } = fakeWebVitals();
    await startVitalsReporter({ sampleRate: 1, pathname: '/cart', load: async () => vitals, target: page.target });
    measure('LCP', 900);
    page.target.dispatchEvent(new Event('pagehide'));
    expect(page.fetch).toHaveBeenCalledWith('/api/vitals', {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: expect.stringMatching(
        /^\{"pageViewId":"[0-9a-f]{32}","pageType":"cart","samples":\[\{"name":"LCP","value":900,"navigationType":"navigate"\}\]\}$/,
      ),
    });
  });

  it('loads nothing and sends nothing for a page view outside the sample, or on admin pages', async () => {
    const load = vi.fn(async (): Promise<WebVitals> => fakeWebVitals().vitals);
    const page = fakePage();
    expect(
      await startVitalsReporter({ sampleRate: 0.1, pathname: '/', random: () => 0.1, load, target: page.target }),
    ).toBe(false);
    expect(
      await startVitalsReporter({ sampleRate: 0, pathname: '/', random: () => 0, load, target: page.target }),
    ).toBe(false);
    expect(await startVitalsReporter({ sampleRate: 1, pathname: '/admin/vitals', load, target: page.target })).toBe(
      false,
    );
    expect(load).not.toHaveBeenCalled();
    expect(
      await startVitalsReporter({ sampleRate: 0.1, pathname: '/', random: () => 0.09, load, target: page.target }),
    ).toBe(true);
    expect(load).toHaveBeenCalledOnce();
  });
});
