import { Link } from 'react-router';
import { Pencil, Plus } from 'lucide-react';
import type { Coupon } from '@store/contracts';
import { buttonClasses } from '../../components/ui/button.js';
import { cn } from '../../lib/cn.js';
import { usePageTitle } from '../../lib/page-title.js';
import { useAdminCoupons } from './admin-api.js';
import { AdminPage, AdminTable, cellClasses, Cross, EmptyNote, inr, Loading, Th, Tick } from './admin-page.js';
import { LoadError } from '../../components/ui/load-error.js';
import { dayText, discountText, usesText, validText } from './coupon-form.js';

/** /admin/coupons: every coupon with its uses so far, newest first as the server lists them. */
export function CouponListPage() {
  usePageTitle('Coupons');
  const coupons = useAdminCoupons();
  return (
    <AdminPage
      title="Coupons"
      action={
        <Link to="/admin/coupon/new" className={buttonClasses()}>
          <Plus className="size-4" aria-hidden="true" />
          Create Coupon
        </Link>
      }
    >
      {coupons.isPending ? (
        <Loading what="coupons" />
      ) : coupons.isError ? (
        <LoadError what="the coupons" load={coupons} />
      ) : coupons.data.length === 0 ? (
        <EmptyNote>No coupons yet.</EmptyNote>
      ) : (
        <AdminTable
          label="Coupons"
          head={
            <>
              <Th>CODE</Th>
              <Th>DISCOUNT</Th>
              <Th>MINIMUM ORDER</Th>
              <Th>VALID (IST)</Th>
              <Th>USES</Th>
              <Th>FIRST ORDER ONLY</Th>
              <Th>CATEGORIES</Th>
              <Th>ACTIVE</Th>
              <Th hidden>Actions</Th>
            </>
          }
        >
          {coupons.data.map((c) => (
            <CouponRow key={c._id} coupon={c} />
          ))}
        </AdminTable>
      )}
    </AdminPage>
  );
}

function CouponRow({ coupon: c }: { coupon: Coupon }) {
  return (
    <tr className={cn(!c.active && 'text-neutral-600')}>
      <td className={cn(cellClasses, 'font-mono font-semibold text-neutral-900')}>{c.code}</td>
      <td className={cn(cellClasses, 'tabular-nums')}>{discountText(c)}</td>
      <td className={cn(cellClasses, 'tabular-nums')}>{c.minOrderValue > 0 ? inr(c.minOrderValue) : 'None'}</td>
      <td className={cellClasses}>
        {c.validFrom && c.validTo ? (
          // A range on two lines, so the table fits beside the sidebar.
          <>
            <span className="block">{dayText(c.validFrom)} –</span> <span className="block">{dayText(c.validTo)}</span>
          </>
        ) : (
          validText(c)
        )}
      </td>
      <td className={cn(cellClasses, 'tabular-nums')}>
        {usesText(c)}
        {c.usesPerCustomer === null ? null : (
          <>
            {' '}
            <span className="block text-xs text-neutral-600">{c.usesPerCustomer} per customer</span>
          </>
        )}
      </td>
      <td className={cellClasses}>
        {c.firstOrderOnly ? <Tick label="First order only" /> : <Cross label="Any order" />}
      </td>
      <td className={cn(cellClasses, 'min-w-28 whitespace-normal')}>
        {c.categories.length ? c.categories.join(', ') : 'All'}
      </td>
      <td className={cellClasses}>{c.active ? <Tick label="Active" /> : <Cross label="Inactive" />}</td>
      <td className={cellClasses}>
        <Link
          to={`/admin/coupon/${c._id}/edit`}
          aria-label={`Edit ${c.code}`}
          title="Edit"
          className={buttonClasses('ghost', 'icon')}
        >
          <Pencil className="size-4" aria-hidden="true" />
        </Link>
      </td>
    </tr>
  );
}
