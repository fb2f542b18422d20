import type { RouteObject } from 'react-router';
import { RequireAdmin } from '../features/account/route-guards.js';

/** Every admin page, each loaded on demand. */
const adminPages: RouteObject[] = [
  {
    path: '/admin',
    lazy: async () => ({ Component: (await import('../features/admin/dashboard-page.js')).DashboardPage }),
  },
  {
    path: '/admin/orderlist',
    lazy: async () => ({ Component: (await import('../features/admin/order-list-page.js')).OrderListPage }),
  },
  ...['/admin/productlist', '/admin/productlist/:pageNumber'].map((path) => ({
    path,
    lazy: async () => ({ Component: (await import('../features/admin/product-list-page.js')).ProductListPage }),
  })),
  {
    path: '/admin/product/:id/edit',
    lazy: async () => ({ Component: (await import('../features/admin/product-edit-page.js')).ProductEditPage }),
  },
  {
    path: '/admin/userlist',
    lazy: async () => ({ Component: (await import('../features/admin/user-list-page.js')).UserListPage }),
  },
  {
    path: '/admin/user/:id/edit',
    lazy: async () => ({ Component: (await import('../features/admin/user-edit-page.js')).UserEditPage }),
  },
  {
    path: '/admin/coupons',
    lazy: async () => ({ Component: (await import('../features/admin/coupon-list-page.js')).CouponListPage }),
  },
  {
    path: '/admin/coupon/new',
    lazy: async () => ({ Component: (await import('../features/admin/coupon-edit-page.js')).CouponCreatePage }),
  },
  {
    path: '/admin/coupon/:id/edit',
    lazy: async () => ({ Component: (await import('../features/admin/coupon-edit-page.js')).CouponEditPage }),
  },
  {
    path: '/admin/deliveries',
    lazy: async () => ({ Component: (await import('../features/admin/deliveries-page.js')).DeliveriesPage }),
  },
  {
    path: '/admin/deliveries/print',
    lazy: async () => ({
      Component: (await import('../features/admin/run-sheet-page.js')).RunSheetPage,
    }),
  },
  {
    path: '/admin/outbox',
    lazy: async () => ({ Component: (await import('../features/admin/outbox-page.js')).OutboxPage }),
  },
  {
    path: '/admin/vitals',
    lazy: async () => ({ Component: (await import('../features/admin/vitals-page.js')).VitalsPage }),
  },
  {
    path: '/admin/audit',
    lazy: async () => ({ Component: (await import('../features/admin/audit-page.js')).AuditPage }),
  },
  {
    path: '/admin/partners',
    lazy: async () => ({ Component: (await import('../features/admin/partners-page.js')).PartnersPage }),
  },
];

/**
 * The admin group (spec route table), every page behind RequireAdmin, in the admin's own layout
 * (side navigation, no shop sidebar or footer: ADR 085), the layout and each page loaded on demand,
 * so no admin code reaches the storefront's first page.
 */
export const adminRoutes: RouteObject[] = [
  {
    element: <RequireAdmin />,
    children: [
      {
        lazy: async () => ({ Component: (await import('./layout/admin-layout.js')).AdminLayout }),
        children: adminPages,
      },
    ],
  },
];
