import {
  PRODUCT_DATA_ELEMENT_ID,
  PRODUCT_MAIN_PICTURE_SIZES,
  pictureSrcSet,
  type ProductDetail,
} from '@store/contracts';

export const STORE_NAME = 'Phoolwala Gifts';
export const DEFAULT_TITLE = `${STORE_NAME} | Flowers, Cakes and Gifts Delivered Across India`;
export const DEFAULT_DESCRIPTION =
  'Fresh flowers, cakes, chocolates and combos delivered across India, with same-day delivery in Kochi. Pay by card or UPI.';

export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  /** Absolute URL of the share picture. */
  image?: string;
  type?: 'website' | 'product';
  /** schema.org data, sent as JSON-LD. */
  jsonLd?: object;
  /** Extra Open Graph properties, e.g. product:price:amount. */
  properties?: Record<string, string>;
  /**
   * The page's main picture, fetched at once instead of after the scripts render it: its `src`,
   * and the `srcset` and `sizes` its `<img>` has, without which the browser would fetch it twice.
   */
  preloadImage?: { href: string; srcSet?: string; sizes?: string };
  /** Script chunks of the page's route, fetched beside the entry script instead of after it. */
  modulePreloads?: string[];
  /**
   * The script that starts the app when the HTML already shows the page (the server rendered it):
   * it takes the place of the app's script, and fetches that and the route's modules only once
   * the page and its main pictures are on screen (apps/web/src/boot.ts).
   */
  boot?: string;
  /**
   * The product the page shows, as the API's JSON: the web app starts from it instead of asking
   * the API for what the server has just looked up.
   */
  productJson?: string;
  /** What `GET /api/config` answers, so the web app's first render needs no request for it. */
  clientConfig?: object;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON inside a <script> must not be able to close it. */
export const escapeJsonForScript = (value: object | string) =>
  (typeof value === 'string' ? value : JSON.stringify(value)).replace(/</g, '\\u003c');

function summarise(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/** What the product gallery's main `<img>` asks for (product-gallery.tsx), as a preload. */
function mainPicturePreload(href: string): NonNullable<PageHead['preloadImage']> {
  const srcSet = pictureSrcSet(href);
  return srcSet ? { href, srcSet, sizes: PRODUCT_MAIN_PICTURE_SIZES } : { href };
}

export function productHead(product: ProductDetail, publicUrl: string, productJson?: string): PageHead {
  const url = `${publicUrl}/product/${product._id}`;
  const price = product.discountPrice > 0 ? product.discountPrice : product.price;
  const image = `${publicUrl}${product.optimizedImages.detail || product.image}`;
  const inStock = product.available && product.countInStock > 0;
  return {
    title: `${product.name} | ${STORE_NAME}`,
    description: summarise(product.description || `${product.name}, delivered across India by ${STORE_NAME}.`),
    url,
    image,
    preloadImage: mainPicturePreload(product.optimizedImages.detail || product.image),
    type: 'product',
    ...(productJson ? { productJson } : {}),
    properties: {
      'product:price:amount': price.toFixed(2),
      'product:price:currency': 'INR',
      'product:availability': inStock ? 'in stock' : 'out of stock',
    },
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description: summarise(product.description, 500),
      image: [image],
      sku: product._id,
      brand: product.brand ? { '@type': 'Brand', name: product.brand } : undefined,
      category: product.category,
      offers: {
        '@type': 'Offer',
        url,
        priceCurrency: 'INR',
        price: price.toFixed(2),
        availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      },
      aggregateRating:
        product.numReviews > 0
          ? { '@type': 'AggregateRating', ratingValue: product.rating, reviewCount: product.numReviews }
          : undefined,
    },
  };
}

function imagePreload({ href, srcSet, sizes }: NonNullable<PageHead['preloadImage']>): string {
  const responsive = srcSet ? ` imagesrcset="${escapeHtml(srcSet)}" imagesizes="${escapeHtml(sizes ?? '100vw')}"` : '';
  return `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(href)}"${responsive} />`;
}

/** The app's script tag swapped for the boot script's, which names it and the route's modules. */
function startedByBoot(indexHtml: string, boot: string, modules: string[]): string {
  return indexHtml.replace(
    /<script type="module" crossorigin src="([^"]+)"><\/script>/,
    (_tag, app: string) =>
      `<script type="module" crossorigin src="${escapeHtml(boot)}" data-app="${app}" ` +
      `data-modules="${escapeHtml(modules.join(' '))}"></script>`,
  );
}

/** Writes the page's title, description, share tags and structured data into the app's HTML. */
export function renderHead(indexHtml: string, head: PageHead): string {
  const modulePreloads = head.boot ? [] : (head.modulePreloads ?? []);
  const tags = [
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    `<meta property="og:site_name" content="${STORE_NAME}" />`,
    `<meta property="og:type" content="${head.type ?? 'website'}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(head.url)}" />`,
    ...(head.image ? [`<meta property="og:image" content="${escapeHtml(head.image)}" />`] : []),
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`,
    ...Object.entries(head.properties ?? {}).map(
      ([property, content]) => `<meta property="${escapeHtml(property)}" content="${escapeHtml(content)}" />`,
    ),
    ...(head.jsonLd ? [`<script type="application/ld+json">${escapeJsonForScript(head.jsonLd)}</script>`] : []),
    ...(head.productJson
      ? [
          `<script type="application/json" id="${PRODUCT_DATA_ELEMENT_ID}">${escapeJsonForScript(head.productJson)}</script>`,
        ]
      : []),
    ...(head.clientConfig
      ? [`<script type="application/json" id="client-config">${escapeJsonForScript(head.clientConfig)}</script>`]
      : []),
    ...modulePreloads.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`),
    ...(head.preloadImage ? [imagePreload(head.preloadImage)] : []),
  ].join('\n    ');
  // Replacer functions, never replacement strings: in a string, `$'`, `$\`` and `$&` in a product
  // name or a URL would paste parts of the page into the head.
  const title = `<title>${escapeHtml(head.title)}</title>`;
  const html = indexHtml.replace(/<title>[^<]*<\/title>/, () => title);
  return (head.boot ? startedByBoot(html, head.boot, head.modulePreloads ?? []) : html)
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace('</head>', () => `    ${tags}\n  </head>`);
}
