import { RECIPIENTS } from '@store/domain';

/**
 * The top menu of spec "Global layout": three hover groups, their sections and items. Every item
 * opens the listing with a filter query named as the listing reads it (category, subcategory,
 * recipient, occasion, minRating, sameDayDelivery). Subcategory values are the catalogue's own,
 * so the menu's short labels ('Rose', 'Plum') map to 'Roses' and 'Plum cakes'.
 */
export type MenuQuery = Partial<
  Record<'category' | 'subcategory' | 'recipient' | 'occasion' | 'minRating' | 'sameDayDelivery', string>
>;

export interface MenuItem {
  label: string;
  query: MenuQuery;
}

export interface MenuSection {
  title: string;
  items: MenuItem[];
}

/** A highlighted tile beside a group's sections. */
export interface MenuPromo {
  title: string;
  text: string;
  link: MenuItem;
}

export interface MenuGroup {
  title: string;
  sections: MenuSection[];
  promo: MenuPromo;
}

/** '/products?category=Flowers&subcategory=Rose+Bouquet' — spaces as '+', as the spec writes them. */
export function productsHref(query: MenuQuery): string {
  const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined));
  const search = params.toString();
  return search ? `/products?${search}` : '/products';
}

const recipients = RECIPIENTS.map((recipient) => ({ label: recipient, query: { recipient } }));

const flowerTypes: [label: string, subcategory: string][] = [
  ['Rose', 'Roses'],
  ['Lilies', 'Lilies Bouquet'],
  ['Orchids', 'Orchids Bouquet'],
  ['Mixed Flower', 'Mixed Flower Bouquet'],
  ['Carnation', 'Carnation Bouquet'],
  ['Gerbera', 'Gerbera Bouquet'],
  ['Hydrangea Bouquets', 'Hydrangea Bouquet'],
];

const cakeFlavours: [label: string, subcategory: string][] = [
  ['Chocolate', 'Chocolate'],
  ['Butterscotch', 'Butterscotch'],
  ['Black Forest', 'Black Forest'],
  ['Fruit', 'Fruit'],
  ['Pineapple', 'Pineapple'],
  ['Red Velvet', 'Red Velvet'],
  ['Coffee', 'Coffee'],
  ['Strawberry', 'Strawberry'],
  ['KitKat', 'KitKat'],
  ['Vanilla', 'Vanilla'],
  ['Ferrero Rocher', 'Ferrero Rocher'],
  ['Plum', 'Plum cakes'],
];

const sub = (category: string) => (entry: [string, string]) => ({
  label: entry[0],
  query: { category, subcategory: entry[1] },
});

export const TOP_MENU: MenuGroup[] = [
  {
    title: 'Onam Gifts',
    sections: [
      {
        title: 'Onam Special',
        items: [
          { label: 'Pookalam Flowers', query: { category: 'Flowers', subcategory: 'Flower Arrangements' } },
          { label: 'Birthday', query: { occasion: 'Birthday' } },
          { label: 'Love and Romance', query: { occasion: 'Love and Romance' } },
          { label: 'Weddings and Engagements', query: { occasion: 'Weddings and Engagements' } },
          { label: 'Housewarming', query: { occasion: 'Housewarming' } },
        ],
      },
      {
        title: 'Category',
        items: ['Flowers', 'Cakes', 'Combos'].map((category) => ({ label: category, query: { category } })),
      },
      { title: 'Recipient', items: recipients },
    ],
    promo: {
      title: 'Onam in Kochi',
      text: 'Flowers, cakes and combos delivered the same day anywhere in Kochi.',
      link: { label: 'Shop same day delivery', query: { sameDayDelivery: 'true' } },
    },
  },
  {
    title: 'Flowers',
    sections: [
      {
        title: 'Collection',
        items: [
          { label: 'All Flowers', query: { category: 'Flowers' } },
          { label: 'Best Sellers', query: { category: 'Flowers', minRating: '4' } },
          { label: 'Same Day Delivery', query: { category: 'Flowers', sameDayDelivery: 'true' } },
          { label: 'Flower Arrangements', query: { category: 'Flowers', subcategory: 'Flower Arrangements' } },
          { label: 'Flowers and Cakes', query: { category: 'Combos', subcategory: 'Flowers and Cakes' } },
          { label: 'Flowers and Chocolates', query: { category: 'Combos', subcategory: 'Flowers and Chocolates' } },
        ],
      },
      { title: 'By Type', items: flowerTypes.map(sub('Flowers')) },
    ],
    promo: {
      title: 'Best loved bouquets',
      text: 'Roses, lilies and orchids our customers rate four stars and above.',
      link: { label: 'Shop top rated flowers', query: { category: 'Flowers', minRating: '4' } },
    },
  },
  {
    title: 'Cakes',
    sections: [
      {
        title: 'By Types',
        items: [
          { label: 'All Cakes', query: { category: 'Cakes' } },
          { label: 'Best Sellers', query: { category: 'Cakes', minRating: '4' } },
          { label: 'Half Kg Cakes', query: { category: 'Cakes', subcategory: 'Half Kg' } },
          { label: 'Eggless Cakes', query: { category: 'Cakes', subcategory: 'Eggless' } },
          { label: 'Photo Cakes', query: { category: 'Cakes', subcategory: 'Photo' } },
          { label: 'Same Day Delivery', query: { category: 'Cakes', sameDayDelivery: 'true' } },
        ],
      },
      { title: 'By Flavours', items: cakeFlavours.map(sub('Cakes')) },
    ],
    promo: {
      title: 'Eggless cakes',
      text: 'Chocolate, butterscotch, pineapple and more, all baked without eggs.',
      link: { label: 'Shop eggless cakes', query: { category: 'Cakes', subcategory: 'Eggless' } },
    },
  },
];
