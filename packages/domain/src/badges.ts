import { discountPercent } from './pricing.js';
import type { Paise } from './money.js';

export const NEW_BADGE_DAYS = 10;
export const SALE_BADGE_PERCENT = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface BadgeInput {
  createdAt: Date;
  price: Paise;
  /** The discount in force (0 when none). */
  discountPrice: Paise;
}

/** Sale follows the whole percent shown on the card, so a "30% Off" label always comes with it. */
export interface Badges {
  isNew: boolean;
  isSale: boolean;
  /** '{pct}% Off' is shown when this is non-null. */
  percentOff: number | null;
}

export function productBadges(p: BadgeInput, now: Date = new Date()): Badges {
  const age = now.getTime() - p.createdAt.getTime();
  const pct = discountPercent(p.price, p.discountPrice);
  return {
    isNew: age >= 0 && age <= NEW_BADGE_DAYS * DAY_MS,
    isSale: pct >= SALE_BADGE_PERCENT,
    percentOff: p.discountPrice > 0 ? pct : null,
  };
}
