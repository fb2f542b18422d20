import { RECIPIENTS, type Occasion, type OccasionId } from '@store/domain';

/**
 * The top menu of spec "Global layout": three hover groups, their sections and items, the first
 * following the occasion calendar (ADR 079). Every item opens the listing with a filter query named
 * as the listing reads it (category, subcategory, recipient, occasion, minRating, sameDayDelivery).
 * Subcategory values are the catalogue's own, so the menu's short labels ('Rose', 'Plum') map to
 * 'Roses' and 'Plum cakes'.
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

const item = (label: string, query: MenuQuery): MenuItem => ({ label, query });

const recipients = RECIPIENTS.map((recipient) => item(recipient, { recipient }));

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

const byOccasion = (occasion: string) => item(occasion, { occasion });
/** The spec's occasions in the menu: the first group lists them whatever the season. */
const SPEC_OCCASIONS = ['Birthday', 'Love and Romance', 'Weddings and Engagements'].map(byOccasion);

const categorySection: MenuSection = {
  title: 'Category',
  items: ['Flowers', 'Cakes', 'Combos'].map((category) => item(category, { category })),
};

const recipientSection: MenuSection = { title: 'Recipient', items: recipients };
const sameDayPromo = (title: string): MenuPromo => ({
  title,
  text: 'Flowers, cakes and combos delivered the same day anywhere in Kochi.',
  link: item('Shop same day delivery', { sameDayDelivery: 'true' }),
});
const chocolateHampers = item('Chocolate Hampers', { category: 'Chocolates', subcategory: 'Chocolate Hampers' });
const chocolateBoxes = item('Chocolate Boxes', { category: 'Chocolates', subcategory: 'Chocolate Boxes' });
const gerberas = item('Gerberas', { category: 'Flowers', subcategory: 'Gerbera Bouquet' });
const redRoses = item('Red Roses', { category: 'Flowers', subcategory: 'Roses' });
const teddyCombos = item('Flowers and Teddy', { category: 'Combos', subcategory: 'Flowers and Teddy' });
const forBrother = item('Chocolates for Brother', { category: 'Chocolates', recipient: 'For Him' });

/**
 * Each occasion's picks, listed before the spec's occasions in its 'Special' section, and its tile.
 * The listing filters by category, subcategory, recipient and occasion, and the demo catalogue
 * names few festivals, so most picks are what suits the day: plum cakes for Christmas, chocolate
 * hampers for Diwali, chocolates for a brother on Rakhi (ADR 079).
 */
const SEASONS: Record<OccasionId, { picks: MenuItem[]; promo: MenuPromo }> = {
  'new-year': {
    picks: [item('Chocolate Cakes', { category: 'Cakes', subcategory: 'Chocolate' }), chocolateHampers],
    promo: {
      title: 'Ring in the New Year',
      text: 'Cakes and chocolate hampers delivered in time for the countdown.',
      link: item('Shop chocolate hampers', chocolateHampers.query),
    },
  },
  'valentines-day': {
    picks: [redRoses, teddyCombos, item('Handmade Chocolates', { category: 'Chocolates', subcategory: 'Handmade' })],
    promo: {
      title: "Valentine's week",
      text: 'Roses, teddies and chocolates for every day from Rose Day to the 14th.',
      link: item('Shop love and romance', { occasion: 'Love and Romance' }),
    },
  },
  holi: {
    picks: [gerberas, item('Assorted Chocolates', { category: 'Chocolates', subcategory: 'Assorted' })],
    promo: {
      title: 'Colours of Holi',
      text: 'Bright gerberas, mixed bouquets and sweet treats to share.',
      link: item('Shop mixed flowers', { category: 'Flowers', subcategory: 'Mixed Flower Bouquet' }),
    },
  },
  'mothers-day': {
    picks: [
      item("All Mother's Day Gifts", { occasion: 'Mothers day' }),
      item('Carnations', { category: 'Flowers', subcategory: 'Carnation Bouquet' }),
    ],
    promo: {
      title: 'For Mum',
      text: 'Carnations, lilies and cakes to thank her on her day.',
      link: item('Shop gifts for mother', { recipient: 'For Mother' }),
    },
  },
  'fathers-day': {
    picks: [item('Coffee Cakes', { category: 'Cakes', subcategory: 'Coffee' }), chocolateHampers],
    promo: {
      title: 'For Dad',
      text: 'Cakes, chocolates and combos picked for him.',
      link: item('Shop gifts for father', { recipient: 'For Father' }),
    },
  },
  'friendship-day': {
    picks: [teddyCombos, gerberas],
    promo: {
      title: 'For your friends',
      text: 'Teddies, gerberas and chocolates for the friends who matter.',
      link: item('Shop gifts for friends', { recipient: 'For Friend' }),
    },
  },
  rakhi: {
    picks: [forBrother, chocolateBoxes],
    promo: {
      title: 'Sweets with your rakhi',
      text: 'Chocolate boxes and cakes for your brother, delivered across India.',
      link: item('Shop chocolate boxes', chocolateBoxes.query),
    },
  },
  onam: {
    picks: [
      item('Pookalam Flowers', { category: 'Flowers', subcategory: 'Flower Arrangements' }),
      byOccasion('Housewarming'),
    ],
    promo: sameDayPromo('Onam in Kochi'),
  },
  'teachers-day': {
    picks: [gerberas, chocolateBoxes],
    promo: {
      title: 'Thank a teacher',
      text: 'Cheerful gerberas and chocolates to say thank you.',
      link: item('Shop gerberas', gerberas.query),
    },
  },
  'karwa-chauth': {
    picks: [redRoses, byOccasion('Anniversary')],
    promo: {
      title: 'For the evening of the moon',
      text: 'Red roses and cakes for your wife on Karwa Chauth.',
      link: item('Shop gifts for wife', { recipient: 'For Wife' }),
    },
  },
  diwali: {
    picks: [chocolateHampers, chocolateBoxes],
    promo: {
      title: 'Diwali hampers',
      text: 'Chocolate boxes and hampers for family, friends and colleagues.',
      link: item('Shop chocolate hampers', chocolateHampers.query),
    },
  },
  'bhai-dooj': {
    picks: [forBrother, item('Cakes for Brother', { category: 'Cakes', recipient: 'For Him' })],
    promo: {
      title: 'For your brother',
      text: 'Chocolates and cakes for Bhai Dooj, delivered across India.',
      link: item('Shop gifts for him', { recipient: 'For Him' }),
    },
  },
  christmas: {
    picks: [item('Plum Cakes', { category: 'Cakes', subcategory: 'Plum cakes' }), chocolateHampers],
    promo: {
      title: 'Christmas plum cakes',
      text: 'Kerala plum cakes and chocolate hampers for the season.',
      link: item('Shop plum cakes', { category: 'Cakes', subcategory: 'Plum cakes' }),
    },
  },
};

/**
 * The first group: the occasion in season, as the spec describes Onam's ('Onam Gifts' with Onam
 * Special, Category and Recipient), or outside every window gifts for any day, never a festival
 * gone by.
 */
function firstGroup(occasion: Occasion | null): MenuGroup {
  if (!occasion) {
    return {
      title: 'Gifts',
      sections: [
        {
          title: 'Occasions',
          items: [...SPEC_OCCASIONS, ...['Anniversary', 'Housewarming', 'Congratulations'].map(byOccasion)],
        },
        categorySection,
        recipientSection,
      ],
      promo: sameDayPromo('Same day in Kochi'),
    };
  }
  const { picks, promo } = SEASONS[occasion.id];
  return {
    title: `${occasion.name} Gifts`,
    sections: [
      { title: `${occasion.name} Special`, items: [...picks, ...SPEC_OCCASIONS] },
      categorySection,
      recipientSection,
    ],
    promo,
  };
}

const STANDING_GROUPS: MenuGroup[] = [
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

/** The top menu on a day with `occasion` in season (occasionOnDay), or none. */
export function topMenu(occasion: Occasion | null): MenuGroup[] {
  return [firstGroup(occasion), ...STANDING_GROUPS];
}
