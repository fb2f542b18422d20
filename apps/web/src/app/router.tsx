import type { RouteObject } from 'react-router';
import { RequireCheckout, RequireOrderAccess, RequirePartner, RequireUser } from '../features/account/route-guards.js';
import { adminRoutes } from './admin-routes.js';
import { RootLayout } from './layout/root-layout.js';

/**
 * Every route of the spec's route table, for the browser's router (main.tsx) and the server's
 * render (entry-server.tsx). Pages load on demand so the first page a shopper opens downloads only
 * its own code. Signed-in pages (profile, checkout, orders) are children of RequireUser; the admin
 * group lives in admin-routes.tsx behind RequireAdmin, in a layout of its own beside the shop's.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...['/', '/search/:keyword', '/page/:pageNumber', '/search/:keyword/page/:pageNumber'].map((path) => ({
        path,
        lazy: async () => ({ Component: (await import('../features/home/home-page.js')).HomePage }),
      })),
      ...['/products', '/products/:keyword', '/products/page/:pageNumber', '/products/:keyword/page/:pageNumber'].map(
        (path) => ({
          path,
          lazy: async () => ({
            Component: (await import('../features/product-listing/product-list-page.js')).ProductListPage,
          }),
        }),
      ),
      {
        path: '/product/:id',
        lazy: async () => ({
          Component: (await import('../features/product-detail/product-page.js')).ProductPage,
        }),
      },
      {
        path: '/cart',
        lazy: async () => ({ Component: (await import('../features/cart/cart-page.js')).CartPage }),
      },
      {
        path: '/wishlist',
        lazy: async () => ({ Component: (await import('../features/wishlist/wishlist-page.js')).WishlistPage }),
      },
      {
        path: '/login',
        lazy: async () => ({ Component: (await import('../features/account/login-page.js')).LoginPage }),
      },
      {
        path: '/register',
        lazy: async () => ({ Component: (await import('../features/account/register-page.js')).RegisterPage }),
      },
      {
        path: '/forgot-password',
        lazy: async () => ({
          Component: (await import('../features/account/forgot-password-page.js')).ForgotPasswordPage,
        }),
      },
      {
        path: '/reset-password',
        lazy: async () => ({
          Component: (await import('../features/account/reset-password-page.js')).ResetPasswordPage,
        }),
      },
      {
        element: <RequireUser />,
        children: [
          {
            path: '/profile',
            lazy: async () => ({ Component: (await import('../features/account/profile-page.js')).ProfilePage }),
          },
        ],
      },
      {
        element: <RequireCheckout />,
        children: [
          {
            path: '/shipping',
            lazy: async () => ({ Component: (await import('../features/checkout/shipping-page.js')).ShippingPage }),
          },
          {
            path: '/payment',
            lazy: async () => ({ Component: (await import('../features/checkout/payment-page.js')).PaymentPage }),
          },
          {
            path: '/placeorder',
            lazy: async () => ({
              Component: (await import('../features/checkout/place-order-page.js')).PlaceOrderPage,
            }),
          },
        ],
      },
      {
        element: <RequireOrderAccess />,
        children: [
          {
            path: '/order/:id',
            lazy: async () => ({ Component: (await import('../features/orders/order-page.js')).OrderPage }),
          },
        ],
      },
      {
        element: <RequirePartner />,
        children: [
          {
            path: '/partner',
            lazy: async () => ({ Component: (await import('../features/partner/partner-page.js')).PartnerPage }),
          },
        ],
      },
      {
        path: '/terms-and-conditions',
        lazy: async () => ({ Component: (await import('../features/pages/terms-page.js')).TermsPage }),
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('../features/pages/not-found-page.js')).NotFoundPage }),
      },
    ],
  },
  ...adminRoutes,
];
