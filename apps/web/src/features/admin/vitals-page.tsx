import { PAGE_TYPES, VITAL_METRICS, type PageType, type VitalMetric, type VitalRating } from '@store/domain';
import type { VitalsSummaryRow } from '@store/contracts';
import { LoadError } from '../../components/ui/load-error.js';
import { cn } from '../../lib/cn.js';
import { usePageTitle } from '../../lib/page-title.js';
import { AdminPage, AdminTable, cellClasses, EmptyNote, Loading, Th } from './admin-page.js';
import { useVitalsSummary } from './admin-api.js';

const DAYS = 7;

const PAGE_NAMES: Record<PageType, string> = {
  home: 'Home',
  listing: 'Listings and search',
  product: 'Product',
  cart: 'Cart',
  checkout: 'Checkout',
  account: 'Account and orders',
  other: 'Other',
};

const METRIC_NAMES: Record<VitalMetric, string> = {
  LCP: 'Largest Contentful Paint',
  INP: 'Interaction to Next Paint',
  CLS: 'Cumulative Layout Shift',
  FCP: 'First Contentful Paint',
  TTFB: 'Time to First Byte',
};

const RATINGS: Record<VitalRating, { label: string; classes: string }> = {
  good: { label: 'Good', classes: 'bg-green-100 text-green-800' },
  'needs-improvement': { label: 'Needs work', classes: 'bg-amber-100 text-amber-900' },
  poor: { label: 'Poor', classes: 'bg-red-100 text-red-800' },
};

/** A p75 in the unit people read it in: seconds for loading, milliseconds for a response, none for CLS. */
function formatValue(metric: VitalMetric, value: number): string {
  if (metric === 'CLS') return value.toFixed(2);
  if (metric === 'INP') return `${Math.round(value)} ms`;
  return `${(value / 1000).toFixed(2)} s`;
}

/** /admin/vitals: what shoppers' own phones measured, p75 per page type over the last week. */
export function VitalsPage() {
  usePageTitle('Web vitals');
  const summary = useVitalsSummary(DAYS);

  return (
    <AdminPage title="Web vitals">
      <p className="max-w-3xl text-sm text-neutral-700">
        How fast the store is on shoppers&apos; own devices over the last {DAYS} days: the 75th percentile (p75) of each
        Core Web Vital per kind of page, rated by Google&apos;s thresholds. Three in four page views were at least this
        fast.
      </p>
      {summary.isPending ? (
        <Loading what="web vitals" rows={4} />
      ) : summary.isError ? (
        <LoadError what="the web vitals" load={summary} />
      ) : summary.data.rows.length === 0 ? (
        <EmptyNote>No measurements in the last {DAYS} days yet. They arrive as shoppers browse the store.</EmptyNote>
      ) : (
        <VitalsTable rows={summary.data.rows} />
      )}
    </AdminPage>
  );
}

function VitalsTable({ rows }: { rows: VitalsSummaryRow[] }) {
  const cell = (pageType: PageType, metric: VitalMetric) =>
    rows.find((r) => r.pageType === pageType && r.metric === metric);
  const pageTypes = PAGE_TYPES.filter((p) => rows.some((r) => r.pageType === p));
  return (
    <AdminTable
      label="Web vitals by page type"
      head={
        <>
          <Th>PAGE</Th>
          {VITAL_METRICS.map((m) => (
            <th key={m} scope="col" className={cellClasses}>
              <abbr title={METRIC_NAMES[m]} className="no-underline">
                {m}
              </abbr>
            </th>
          ))}
        </>
      }
    >
      {pageTypes.map((pageType) => (
        <tr key={pageType}>
          <th scope="row" className={cn(cellClasses, 'min-w-24 font-medium whitespace-normal text-neutral-900')}>
            {PAGE_NAMES[pageType]}
          </th>
          {VITAL_METRICS.map((metric) => {
            const row = cell(pageType, metric);
            return (
              <td key={metric} className={cellClasses}>
                {row ? <Measurement row={row} /> : <span className="text-neutral-500">No samples</span>}
              </td>
            );
          })}
        </tr>
      ))}
    </AdminTable>
  );
}

function Measurement({ row }: { row: VitalsSummaryRow }) {
  const rating = RATINGS[row.rating];
  return (
    <span className="flex flex-col items-start gap-0.5">
      <span className="flex items-center gap-2">
        <span className="font-semibold text-neutral-900 tabular-nums">{formatValue(row.metric, row.p75)}</span>
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', rating.classes)}>{rating.label}</span>
      </span>
      <span className="text-xs text-neutral-600">
        {row.samples} {row.samples === 1 ? 'sample' : 'samples'}
      </span>
    </span>
  );
}
