import type { QueryClient } from '@tanstack/react-query';
import type { Metric } from 'web-vitals';
import type { VitalsReport } from '@store/contracts';
import { pageTypeOf } from '@store/domain';
import { clientConfigQuery } from '../api/users.js';

type Subscribe = (report: (metric: Metric) => void) => void;
/** The part of web-vitals the reporter uses. */
export interface WebVitals {
  onLCP: Subscribe;
  onINP: Subscribe;
  onCLS: Subscribe;
  onFCP: Subscribe;
  onTTFB: Subscribe;
}

export interface VitalsReporterOptions {
  /** The share of page views that report, as the server says (`vitalsSampleRate`). */
  sampleRate: number;
  /** The path the page view began on: LCP, FCP and TTFB are that page's, so INP and CLS count there too. */
  pathname: string;
  random?: () => number;
  load?: () => Promise<WebVitals>;
  target?: Window;
}

/** A page view's id: random, made here for this view alone (ADR 068). */
function newPageViewId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Reports this page view's Core Web Vitals to `POST /api/vitals` (ADR 043), when the dice say this
 * view is sampled. web-vitals is only downloaded then, and its observers read the entries buffered
 * since navigation, so loading it late loses nothing. Metrics wait in a queue and go as one batch
 * when the page is hidden (the last moment a phone reliably lets a page send), each metric once.
 * Every batch of a page view carries its random id, so the store keeps one sample per metric per
 * view whatever is sent again (ADR 068); a page restored from the back/forward cache is a new
 * view, as web-vitals measures it afresh. Nothing but that id, the page type, the values and the
 * navigation type leaves the browser.
 */
export async function startVitalsReporter({
  sampleRate,
  pathname,
  random = Math.random,
  load = () => import('web-vitals'),
  target = window,
}: VitalsReporterOptions): Promise<boolean> {
  // The admin's own screens are not the storefront shoppers judge.
  if (pathname.startsWith('/admin') || !(random() < sampleRate)) return false;
  const pageType = pageTypeOf(pathname);
  let pageViewId = newPageViewId();
  const queue = new Map<Metric['name'], Metric>();
  const sent = new Set<string>();

  const flush = () => {
    const samples = [...queue.values()]
      .filter((m) => !sent.has(m.id))
      .map((m) => ({ name: m.name, value: m.value, navigationType: m.navigationType }));
    queue.forEach((m) => sent.add(m.id));
    queue.clear();
    if (samples.length === 0) return;
    const body = JSON.stringify({ pageViewId, pageType, samples } satisfies VitalsReport);
    // A string beacon goes as text/plain, which needs no CORS preflight; the server reads it as JSON.
    if (target.navigator.sendBeacon?.('/api/vitals', body)) return;
    void target
      .fetch('/api/vitals', { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } })
      .catch(() => undefined);
  };

  const vitals = await load();
  // A later report of a metric (CLS grows while the page lives) replaces the queued one.
  const enqueue = (metric: Metric) => queue.set(metric.name, metric);
  vitals.onLCP(enqueue);
  vitals.onINP(enqueue);
  vitals.onCLS(enqueue);
  vitals.onFCP(enqueue);
  vitals.onTTFB(enqueue);
  // After web-vitals' own listeners, so the CLS and INP it finalises on hiding are in the batch.
  target.document.addEventListener('visibilitychange', () => {
    if (target.document.visibilityState === 'hidden') flush();
  });
  target.addEventListener('pagehide', flush);
  target.addEventListener('pageshow', (event) => {
    if ((event as PageTransitionEvent).persisted) pageViewId = newPageViewId();
  });
  return true;
}

/**
 * Reports this page view's vitals at the rate the server sets: from the settings the page carries,
 * or `GET /api/config` on the dev server. A store that cannot say does not report.
 */
export async function reportWebVitals(queryClient: QueryClient, pathname: string): Promise<void> {
  try {
    const config = await queryClient.fetchQuery(clientConfigQuery);
    await startVitalsReporter({ sampleRate: config.vitalsSampleRate, pathname });
  } catch {
    // Field data is a nicety: a page that cannot report works the same.
  }
}
