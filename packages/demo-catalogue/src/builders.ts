import { DEFAULT_CARE_INSTRUCTIONS, VENDORS, type Category } from '@store/domain';
import type { ArtKind, DemoProduct, DemoReview, DemoVariant } from './demo-types.js';

const REVIEWERS = [
  'Ananya Menon',
  'Rahul Sharma',
  'Priya Nair',
  'Arjun Reddy',
  'Sneha Iyer',
  'Vikram Singh',
  'Meera Pillai',
  'Karthik Raman',
  'Divya Joshi',
  'Farhan Qureshi',
  'Lakshmi Varma',
  'Rohan Kapoor',
  'Aisha Khan',
  'Suresh Babu',
  'Neha Gupta',
  'Joseph Mathew',
];

const PRAISE: Record<Category, string[]> = {
  Flowers: [
    'Fresh flowers, delivered right on time. My mother loved them.',
    'The bouquet looked exactly like the picture and lasted a week.',
    'Beautifully wrapped, the fragrance filled the room.',
    'Ordered at noon, delivered by evening. Lovely surprise for my wife.',
    'Stems were sturdy and the blooms opened up over two days.',
  ],
  Cakes: [
    'Soft, moist and not too sweet. Everyone at the party asked where it was from.',
    'Arrived fresh and well packed, the cream held up perfectly.',
    'Midnight delivery was on time and the cake tasted amazing.',
    'Generous layers of filling, my kids finished it in one sitting.',
    'Looked just like the photo and tasted even better.',
  ],
  Chocolates: [
    'Rich, smooth chocolates and a very elegant box.',
    'Perfect Diwali gift for my team, everyone loved the variety.',
    'Fresh truffles, melt in the mouth. Will order again.',
    'Premium packaging, made a great impression on my clients.',
    'Not overly sweet, you can taste the real cocoa.',
  ],
  Combos: [
    'Flowers and cake both arrived together and fresh. Great value.',
    'Made my husband’s birthday special, thank you!',
    'The combo was well packed and delivered on the same day.',
    'Loved the teddy and the roses, my girlfriend was thrilled.',
    'Good quantity for the price and lovely presentation.',
  ],
};

const CRITICISM = [
  'Nice, but delivery was a couple of hours later than the slot.',
  'Good quality, though a little smaller than I expected.',
  'Packaging was slightly damaged, the product itself was fine.',
];

/** Deterministic reviews: mostly glowing, an occasional honest complaint, dated before today. */
export function reviewsFor(category: Category, seed: number, count: number, createdDaysAgo: number): DemoReview[] {
  const reviews: DemoReview[] = [];
  for (let i = 0; i < count; i++) {
    const k = seed * 7 + i * 13;
    const critical = (seed + i) % 6 === 5;
    const rating = critical ? ((2 + (k % 2)) as 2 | 3) : ((k % 4 === 0 ? 4 : 5) as 4 | 5);
    const comments = critical ? CRITICISM : PRAISE[category];
    reviews.push({
      name: REVIEWERS[k % REVIEWERS.length]!,
      rating,
      comment: comments[k % comments.length]!,
      daysAgo: Math.max(0, Math.min(createdDaysAgo - 1, 2 + ((k * 3) % 60))),
    });
  }
  return reviews;
}

/** Cake weights priced the way Indian bakeries price them: 1 Kg ≈ 1.8× half, 2 Kg ≈ 3.4× half. */
export function cakeWeights(halfKgPrice: number, stock = 12): DemoVariant[] {
  const round = (n: number) => Math.round(n / 50) * 50 - 1;
  return [
    { name: 'Half Kg', price: halfKgPrice, countInStock: stock },
    { name: '1 Kg', price: round(halfKgPrice * 1.8), countInStock: Math.max(0, stock - 4) },
    { name: '2 Kg', price: round(halfKgPrice * 3.4), countInStock: Math.max(0, Math.floor(stock / 3)) },
  ];
}

export interface EntryBase extends Omit<
  DemoProduct,
  'category' | 'reviews' | 'art' | 'vendor' | 'createdDaysAgo' | 'brand' | 'tags'
> {
  tags: string[];
  brand?: string;
  vendor?: string[];
  createdDaysAgo?: number;
  reviewCount?: number;
  kind: ArtKind;
  background?: string;
  artColors: string[];
}

let nextSeed = 101;

/** Fills what a merchandiser leaves to the house defaults and numbers the artwork seeds. */
export function entry(category: Category, defaults: Partial<EntryBase>, e: EntryBase): DemoProduct {
  const merged = { ...defaults, ...e };
  const seed = nextSeed++;
  const createdDaysAgo = merged.createdDaysAgo ?? 11 + ((seed * 37) % 280);
  const { kind, background, artColors, reviewCount, ...rest } = merged;
  return {
    ...rest,
    category,
    brand: merged.brand ?? 'Phoolwala',
    vendor: merged.vendor ?? [VENDORS[0]],
    createdDaysAgo,
    careInstructions: merged.careInstructions ?? DEFAULT_CARE_INSTRUCTIONS,
    reviews: reviewsFor(category, seed, reviewCount ?? 2 + (seed % 4), createdDaysAgo),
    art: { kind, colors: artColors, background: background ?? '#FDF2F4', seed },
    extraImages: merged.extraImages ?? 1 + (seed % 2),
  };
}
