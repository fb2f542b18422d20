import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AdminOrderPage,
  AdminProduct,
  AdminUser,
  AdminUserPage,
  AdminUserUpdate,
  AreaSlotTypeUpdate,
  AreaUpdate,
  AuditPage,
  Coupon,
  CouponInput,
  CouponUpdate,
  Dashboard,
  OutboxList,
  OutboxMessage,
  OutboxStatus,
  PaymentRefund,
  ProductSummary,
  ScheduleResponse,
  ServiceArea,
  SlotCapacityUpdate,
  StockAdjustmentInput,
  StockAdjustmentResult,
  StockLedgerPage,
  VitalsSummary,
} from '@store/contracts';
import type { DashboardPeriod, SlotType } from '@store/domain';
import { apiFetch } from '../../lib/api.js';
import { queryKeys } from '../../lib/query-client.js';
import type { ProductPayload } from './product-form.js';

/** A row of the admin's product list: a summary with its vendors. */
export type AdminProductRow = ProductSummary & { vendor: string[] };

export interface AdminProductList {
  products: AdminProductRow[];
  page: number;
  pages: number;
}

/**
 * The admin screens' data. Keys start with the spec's cache tags, so a write anywhere (here or on
 * the storefront) refreshes them; every write below is followed by an invalidation of its tag.
 * Requests are plain promises, not TanStack mutations, as in the account forms.
 */
export const adminKeys = {
  orders: [...queryKeys.orders, 'admin'] as const,
  refunds: [...queryKeys.orders, 'admin', 'refunds'] as const,
  productLists: [...queryKeys.products, 'admin', 'list'] as const,
  products: (page: number, q = '') => [...queryKeys.products, 'admin', 'list', page, q] as const,
  product: (id: string) => [...queryKeys.products, 'admin', 'detail', id] as const,
  stockLedger: (id: string, page: number) => [...queryKeys.products, 'admin', 'stock', id, page] as const,
  search: (keyword: string) => [...queryKeys.products, 'search', keyword] as const,
  users: [...queryKeys.users, 'admin', 'list'] as const,
  user: (id: string) => [...queryKeys.users, 'admin', 'detail', id] as const,
  /** Everything about deliveries: a capacity or fee change invalidates this whole tag. */
  deliveries: ['Delivery'] as const,
  schedule: (date: string) => ['Delivery', 'admin', 'schedule', date] as const,
  areas: ['Delivery', 'admin', 'areas'] as const,
  /** Every coupon with its uses; a write, or an order that takes or gives back a use, invalidates it. */
  coupons: ['Coupon', 'admin', 'list'] as const,
  /** Every page of the email outbox: a retry invalidates them all. */
  outbox: ['Outbox'] as const,
  outboxPage: (status: OutboxStatus | null, page: number) => ['Outbox', 'admin', 'list', status, page] as const,
  vitals: (days: number) => ['Vitals', 'summary', days] as const,
  audit: ['Audit'] as const,
  /** Under the orders' tag: a payment, a delivery step or a refund changes its figures. */
  dashboard: (period: DashboardPeriod) => [...queryKeys.orders, 'admin', 'dashboard', period] as const,
};

const at = (id: string) => encodeURIComponent(id);

const withQuery = (path: string, search: string) => (search ? `${path}?${search}` : path);

/** A page of the orders as the list's URL asks for it (admin); the last page stays on screen while the next loads. */
export function useAdminOrderPage(search: string) {
  return useQuery({
    queryKey: [...adminKeys.orders, 'page', search],
    queryFn: ({ signal }) => apiFetch<AdminOrderPage>(withQuery('/api/orders/admin', search), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The CSV export of the orders these filters find. */
export const ordersCsvHref = (filterSearch: string) => withQuery('/api/orders/export.csv', filterSearch);

/**
 * Payments that arrived but could not pay their order: those due a refund or being refunded
 * first, then those refunded (admin).
 */
export function useRefunds() {
  return useQuery({
    queryKey: adminKeys.refunds,
    queryFn: ({ signal }) => apiFetch<PaymentRefund[]>('/api/payments/refunds', { signal }),
  });
}

/**
 * Sends the whole payment back to the customer through the payment gateway and answers it
 * refunded; 409 when it is refunded or being refunded already, 502 when the gateway refused.
 */
export function refundPayment(paymentId: string): Promise<PaymentRefund> {
  return apiFetch<PaymentRefund>(`/api/payments/${at(paymentId)}/refund`, { method: 'POST' });
}

/** Every product, drafts and unavailable ones included, 100 a page (admin). */
export function useAdminProducts(page: number, q = '') {
  const search = q ? `&q=${encodeURIComponent(q)}` : '';
  return useQuery({
    queryKey: adminKeys.products(page, q),
    queryFn: ({ signal }) => apiFetch<AdminProductList>(`/api/products/admin?pageNumber=${page}${search}`, { signal }),
  });
}

/** A product as stored (a scheduled discount included), with its version, for the edit form. */
export function useAdminProduct(id: string) {
  return useQuery({
    queryKey: adminKeys.product(id),
    queryFn: ({ signal }) => apiFetch<AdminProduct>(`/api/products/${at(id)}/admin`, { signal }),
  });
}

/** Products whose name matches, for the recommended-products picker; nothing is asked for an empty keyword. */
export function useProductSearch(keyword: string) {
  const trimmed = keyword.trim();
  return useQuery({
    queryKey: adminKeys.search(trimmed),
    queryFn: ({ signal }) =>
      apiFetch<{ products: ProductSummary[] }>(`/api/products/search?keyword=${encodeURIComponent(trimmed)}`, {
        signal,
      }).then((r) => r.products),
    enabled: trimmed !== '',
  });
}

export function createProduct(): Promise<AdminProduct> {
  return apiFetch<AdminProduct>('/api/products', { method: 'POST' });
}

/** 409 when the product was saved since the form's version (`details.current`: the product now). */
export function updateProduct(id: string, payload: ProductPayload): Promise<AdminProduct> {
  return apiFetch<AdminProduct>(`/api/products/${at(id)}`, { method: 'PUT', body: payload });
}

/** STOCK_LEDGER_PAGE_SIZE rows of a product's stock ledger, newest first (admin). */
export const STOCK_LEDGER_PAGE_SIZE = 20;
export function useStockLedger(id: string, page: number) {
  return useQuery({
    queryKey: adminKeys.stockLedger(id, page),
    queryFn: ({ signal }) =>
      apiFetch<StockLedgerPage>(
        `/api/products/${at(id)}/stock-adjustments?page=${page}&pageSize=${STOCK_LEDGER_PAGE_SIZE}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** Units in or out of a product or one of its sizes, applied to what is there now; 409 below nothing. */
export function adjustStock(id: string, input: StockAdjustmentInput): Promise<StockAdjustmentResult> {
  return apiFetch<StockAdjustmentResult>(`/api/products/${at(id)}/stock-adjustments`, {
    method: 'POST',
    body: input,
  });
}

export function deleteProduct(id: string): Promise<{ message: string }> {
  return apiFetch<{ message: string }>(`/api/products/${at(id)}`, { method: 'DELETE' });
}

/** A page of the accounts as the list's URL asks for it. */
export function useAdminUserPage(search: string) {
  return useQuery({
    queryKey: [...adminKeys.users, search],
    queryFn: ({ signal }) => apiFetch<AdminUserPage>(withQuery('/api/users/admin', search), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUser(id: string) {
  return useQuery({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) => apiFetch<AdminUser>(`/api/users/${at(id)}`, { signal }),
  });
}

export function updateUser(id: string, input: AdminUserUpdate): Promise<AdminUser> {
  return apiFetch<AdminUser>(`/api/users/${at(id)}`, { method: 'PUT', body: input });
}

export function deleteUser(id: string): Promise<{ message: string }> {
  return apiFetch<{ message: string }>(`/api/users/${at(id)}`, { method: 'DELETE' });
}

/** One IST date's paid orders by slot, per service area, with each slot's places taken (admin). */
export function useDeliverySchedule(date: string) {
  return useQuery({
    queryKey: adminKeys.schedule(date),
    queryFn: ({ signal }) =>
      apiFetch<ScheduleResponse>(`/api/delivery/schedule?date=${encodeURIComponent(date)}`, { signal }),
  });
}

/** The day's run sheet as CSV (ADR 085): a plain link, so the browser downloads it with the session cookie. */
export const runSheetCsvHref = (date: string) => `/api/delivery/run-sheet.csv?date=${encodeURIComponent(date)}`;

/** Every service area with what it offers per slot type: fee in rupees, places per slot (admin). */
export function useServiceAreas() {
  return useQuery({
    queryKey: adminKeys.areas,
    queryFn: ({ signal }) => apiFetch<ServiceArea[]>('/api/delivery/areas', { signal }),
  });
}

/**
 * What an area's kitchens and florists make and its days to the first delivery (a courier-only
 * area's transit time); answers the updated area. 409 when it was saved since the form's version
 * (`details.current`: the area now).
 */
export function updateArea(areaId: number, input: AreaUpdate): Promise<ServiceArea> {
  return apiFetch<ServiceArea>(`/api/delivery/areas/${areaId}`, { method: 'PUT', body: input });
}

/** Whether an area offers a slot type, its fee (rupees) and its places per slot; answers the updated area. */
export function updateAreaSlotType(areaId: number, type: SlotType, input: AreaSlotTypeUpdate): Promise<ServiceArea> {
  return apiFetch<ServiceArea>(`/api/delivery/areas/${areaId}/slot-types/${at(type)}`, { method: 'PUT', body: input });
}

export interface SlotCapacity {
  areaId: number;
  date: string;
  slotId: string;
  capacity: number;
  taken: number;
}

/** One slot's capacity on one date, such as a full Valentine's midnight slot raised (admin). */
export function setSlotCapacity(input: SlotCapacityUpdate): Promise<SlotCapacity> {
  return apiFetch<SlotCapacity>('/api/delivery/capacity', { method: 'PUT', body: input });
}

/** Every coupon with its uses so far (admin). */
export function useAdminCoupons() {
  return useQuery({
    queryKey: adminKeys.coupons,
    queryFn: ({ signal }) => apiFetch<Coupon[]>('/api/coupons', { signal }),
  });
}

/** A new coupon; the server answers 409 when its code (in any case) is taken. */
export function createCoupon(input: CouponInput): Promise<Coupon> {
  return apiFetch<Coupon>('/api/coupons', { method: 'POST', body: input });
}

/**
 * Every field of a coupon; there is no delete, a coupon is deactivated so orders keep their record.
 * 409 when it was saved since the form's version (`details.current`: the coupon now).
 */
export function updateCoupon(id: string, input: CouponUpdate): Promise<Coupon> {
  return apiFetch<Coupon>(`/api/coupons/${at(id)}`, { method: 'PUT', body: input });
}

/** While a page shows a message waiting to go, it is asked again this often, so 'Sent' appears without a reload. */
const OUTBOX_REFRESH_MS = 5_000;

/** One page (25 messages) of the email outbox, newest first, of one status or all (admin). */
export function useAdminOutbox(status: OutboxStatus | null, page: number) {
  const query = new URLSearchParams(status ? { status, page: String(page) } : { page: String(page) });
  return useQuery({
    queryKey: adminKeys.outboxPage(status, page),
    queryFn: ({ signal }) => apiFetch<OutboxList>(`/api/outbox?${query}`, { signal }),
    refetchInterval: ({ state }) =>
      state.data?.messages.some((m) => m.status === 'pending') ? OUTBOX_REFRESH_MS : false,
  });
}

/** 'Retry now': a pending or failed message is sent at once; 409 when it was already sent. */
export function retryOutboxMessage(id: string): Promise<OutboxMessage> {
  return apiFetch<OutboxMessage>(`/api/outbox/${at(id)}/retry`, { method: 'POST' });
}

/** p75 of each Core Web Vital per page type over the last `days` days (admin). */
export function useVitalsSummary(days: number) {
  return useQuery({
    queryKey: adminKeys.vitals(days),
    queryFn: ({ signal }) => apiFetch<VitalsSummary>(`/api/vitals/summary?days=${days}`, { signal }),
  });
}

/**
 * A page of the audit trail as the screen's URL asks for it (admin). Every admin write anywhere
 * adds to it, so it is asked again whenever the screen opens rather than kept for a while.
 */
export function useAuditTrail(search: string) {
  return useQuery({
    queryKey: [...adminKeys.audit, search],
    queryFn: ({ signal }) => apiFetch<AuditPage>(withQuery('/api/admin/audit', search), { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Every admin account by email, for the audit screen's 'Admin' filter (a store has a handful). */
export const useAdmins = () => useAdminUserPage('role=admin&sort=email&order=asc&pageSize=200');

/** The owner's dashboard for a period (admin); the last period's stays on screen while the next loads. */
export function useDashboard(period: DashboardPeriod) {
  return useQuery({
    queryKey: adminKeys.dashboard(period),
    queryFn: ({ signal }) => apiFetch<Dashboard>(`/api/admin/dashboard?period=${period}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
