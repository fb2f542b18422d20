import { Bar, BarChart, CartesianGrid, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import { inr } from '../../lib/format.js';

/**
 * The dashboard's two charts, drawn with Recharts (ADR 048). This module is the only one that
 * imports it, and the dashboard loads it lazily, so the library is fetched by admins who open the
 * dashboard and never by the storefront. Each chart has a table of the same figures beside it.
 */

const BRAND = '#c2134d';
const GRID = '#e5e5e5';
const TICK = { fill: '#525252', fontSize: 12 };

const compactInr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  notation: 'compact',
  maximumFractionDigits: 1,
});

export interface DayBar {
  /** '15 Mar', as the axis shows it. */
  label: string;
  revenue: number;
}

export function RevenueChart({ days, title }: { days: DayBar[]; title: string }) {
  return (
    <BarChart
      responsive
      data={days}
      title={title}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      style={{ width: '100%', height: 260 }}
    >
      <CartesianGrid vertical={false} stroke={GRID} />
      <XAxis dataKey="label" tick={TICK} tickLine={false} minTickGap={12} />
      <YAxis
        tick={TICK}
        tickLine={false}
        axisLine={false}
        width={64}
        tickFormatter={(rupees: number) => compactInr.format(rupees)}
      />
      <Tooltip formatter={(rupees) => [inr(Number(rupees)), 'Revenue']} cursor={{ fill: '#fff1f3' }} />
      <Bar dataKey="revenue" name="Revenue" fill={BRAND} radius={[4, 4, 0, 0]} maxBarSize={48} />
    </BarChart>
  );
}

export interface StatusBar {
  label: string;
  count: number;
}

export function StatusChart({ statuses, title }: { statuses: StatusBar[]; title: string }) {
  return (
    <BarChart
      responsive
      layout="vertical"
      data={statuses}
      title={title}
      margin={{ top: 0, right: 40, bottom: 0, left: 0 }}
      style={{ width: '100%', height: 44 * statuses.length }}
    >
      <CartesianGrid horizontal={false} stroke={GRID} />
      <XAxis type="number" allowDecimals={false} tick={TICK} tickLine={false} />
      <YAxis type="category" dataKey="label" tick={TICK} tickLine={false} axisLine={false} width={120} />
      <Tooltip formatter={(count) => [count, 'Orders']} cursor={{ fill: '#fff1f3' }} />
      <Bar dataKey="count" name="Orders" fill={BRAND} radius={[0, 4, 4, 0]} maxBarSize={28}>
        {/* The count beside each bar, so the chart reads without the tooltip or colour. */}
        <LabelList dataKey="count" position="right" fill="#262626" fontSize={12} />
      </Bar>
    </BarChart>
  );
}
