import { HOME_OCCASIONS } from '@store/domain';

/**
 * What the home page promotes. The pictures come from `scripts/make-home-assets.mjs`; their file
 * names follow the slugs below (or the picture a banner shares), so a new picture needs a matching
 * drawing in that script.
 */

const IMAGES = '/images/home';

/** 'Love and Romance' → 'love-and-romance', the file-name form the asset script uses. */
export function slugify(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export interface HeroBanner {
  slug: string;
  headline: string;
  text: string;
  cta: string;
  href: string;
  desktopImage: string;
  mobileImage: string;
}

/** `picture` names the artwork, when the banner shares another's. */
export function banner(
  slug: string,
  fields: Omit<HeroBanner, 'slug' | 'desktopImage' | 'mobileImage'>,
  picture = slug,
): HeroBanner {
  return {
    slug,
    ...fields,
    desktopImage: `${IMAGES}/banner-${picture}-desktop.webp`,
    mobileImage: `${IMAGES}/banner-${picture}-mobile.webp`,
  };
}

/** The hero's first three banners, whatever the season. */
export const STANDING_BANNERS: HeroBanner[] = [
  banner('same-day-flowers', {
    headline: 'Same-day flowers in Kochi',
    text: 'Fresh roses, lilies and gerberas at the door today when you order by 4 PM.',
    cta: 'Shop same-day flowers',
    href: '/products?category=Flowers&sameDayDelivery=true',
  }),
  banner('cakes', {
    headline: 'Cakes for every celebration',
    text: 'Freshly baked birthday, anniversary and eggless cakes, delivered across India.',
    cta: 'Order a cake',
    href: '/products?category=Cakes',
  }),
  banner('chocolates-hampers', {
    headline: 'Chocolates & hampers',
    text: 'Truffles, Ferrero Rocher and gift hampers wrapped to delight.',
    cta: 'Explore chocolates',
    href: '/products?category=Chocolates',
  }),
];

/** The last banner outside every occasion's window (season.ts has the others). */
export const ANY_DAY_BANNER = banner('gifts', {
  headline: 'Gifts for every occasion',
  text: 'Birthdays, anniversaries and thank-yous: flowers, cakes and combos for them all.',
  cta: 'Shop all gifts',
  href: '/products',
});

export const SAME_DAY_HREF = '/products?sameDayDelivery=true';

/** The listing reads the keyword from its route, so a keyword link is a path segment. */
export const SUBSCRIPTION_HREF = '/products/subscription';

export interface OccasionTile {
  name: string;
  href: string;
  image: string;
}

/** The spec's eight home occasions, in its order, each to `/products/?occasion={value}`. */
export const OCCASION_TILES: OccasionTile[] = HOME_OCCASIONS.map((name) => ({
  name,
  href: `/products/?occasion=${encodeURIComponent(name)}`,
  image: `${IMAGES}/occasion-${slugify(name)}.webp`,
}));

export interface RecipientTile {
  name: string;
  text: string;
  href: string;
  image: string;
  /** His picture is dark navy, hers light pink: the text colour follows for contrast. */
  tone: 'dark' | 'light';
}

export const RECIPIENT_TILES: RecipientTile[] = [
  {
    name: 'For Him',
    text: 'Cakes, chocolates and combos picked for the men in your life.',
    href: '/products?recipient=For+Him',
    image: `${IMAGES}/for-him.webp`,
    tone: 'dark',
  },
  {
    name: 'For Her',
    text: 'Roses, lilies, chocolates and cakes to make her smile.',
    href: '/products?recipient=For+Her',
    image: `${IMAGES}/for-her.webp`,
    tone: 'light',
  },
];

export const PROMO_VIDEO = {
  webm: '/media/subscribe-and-save.webm',
  mp4: '/media/subscribe-and-save.mp4',
  poster: '/media/subscribe-and-save-poster.webp',
};
