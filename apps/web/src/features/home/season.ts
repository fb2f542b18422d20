import { occasionOn, occasionOnDay, type OccasionId } from '@store/domain';
import { ANY_DAY_BANNER, banner, type HeroBanner } from './home-content.js';

/**
 * What each occasion's banner says and where it leads: '{name} gifts', the text, and a listing of
 * what suits the day, since the demo catalogue names few festivals (ADR 079). A module the page
 * loads apart (home-data.ts): the server renders the banner, and Home's first page carries neither
 * the calendar nor these texts.
 */
const SEASONAL: Record<OccasionId, [text: string, href: string]> = {
  'new-year': [
    'Cakes, chocolates and flowers to ring in the year, delivered across India.',
    '/products?category=Cakes',
  ],
  'valentines-day': [
    'Red roses, teddies and chocolates for every day from Rose Day to the 14th.',
    '/products?occasion=Love+and+Romance',
  ],
  holi: [
    'Bright gerberas, mixed bouquets and chocolates to share the colours.',
    '/products?category=Flowers&subcategory=Gerbera+Bouquet',
  ],
  'mothers-day': ['Carnations, lilies and cakes to thank her on her day.', '/products?occasion=Mothers+day'],
  'fathers-day': ['Coffee cakes, chocolate hampers and combos picked for Dad.', '/products?recipient=For+Father'],
  'friendship-day': ['Teddies, gerberas and chocolates for the friends who matter.', '/products?recipient=For+Friend'],
  rakhi: [
    'Chocolate boxes and cakes for your brother, delivered across India.',
    '/products?category=Chocolates&subcategory=Chocolate+Boxes',
  ],
  onam: ['Pookalam flowers, Kasavu cakes and festive treats for the whole family.', '/products/onam'],
  'teachers-day': [
    'Cheerful gerberas and chocolate boxes to say thank you.',
    '/products?category=Flowers&subcategory=Gerbera+Bouquet',
  ],
  'karwa-chauth': ['Red roses and cakes for the evening the moon rises.', '/products?recipient=For+Wife'],
  diwali: [
    'Chocolate boxes and hampers for family, friends and colleagues.',
    '/products?category=Chocolates&subcategory=Chocolate+Hampers',
  ],
  'bhai-dooj': ['Chocolates and cakes for your brother, delivered across India.', '/products?recipient=For+Him'],
  christmas: [
    'Kerala plum cakes and chocolate hampers for the season.',
    '/products?category=Cakes&subcategory=Plum+cakes',
  ],
};

/**
 * The hero's last banner on `day` (an IST date; null for today by this browser's clock): the
 * occasion in season's, or gifts for any day outside every window. Onam has artwork of its own;
 * the other occasions share the gift boxes'.
 */
export function seasonalBanner(day: string | null): HeroBanner {
  const occasion = day ? occasionOnDay(day) : occasionOn(new Date());
  if (!occasion) return ANY_DAY_BANNER;
  const [text, href] = SEASONAL[occasion.id];
  return banner(
    occasion.id,
    { headline: `${occasion.name} gifts`, text, cta: `Shop ${occasion.name} gifts`, href },
    occasion.id === 'onam' ? 'onam-gifts' : 'gifts',
  );
}
