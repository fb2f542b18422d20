import { addDays } from './delivery.js';

/**
 * How a product travels (ADR 077). `local`: made and hand-delivered by a kitchen or florist serving
 * the recipient's area (fresh cakes, fresh flowers, combos holding them). `courier`: packed goods
 * that can go anywhere (chocolates, cakes in tins, teddies, hampers without fresh parts).
 */
export const FULFILMENT_KINDS = ['local', 'courier'] as const;
export type FulfilmentKind = (typeof FULFILMENT_KINDS)[number];

export const FULFILMENT_LABELS: Record<FulfilmentKind, string> = {
  local: 'Made and hand-delivered locally',
  courier: 'Packed and sent by courier',
};

/** What a service area's kitchens and florists make, and so which local products it can deliver. */
export const LOCAL_MAKES = ['cakes', 'flowers'] as const;
export type LocalMake = (typeof LOCAL_MAKES)[number];

/**
 * Which local products need which maker, by category or subcategory: the one place the rule is
 * written, read by `localNeeds` here and by the catalogue's SQL. A combo of flowers and a cake
 * needs both a kitchen and a florist.
 */
export const LOCAL_MAKE_RULES: Record<LocalMake, { categories: readonly string[]; subcategories: readonly string[] }> =
  {
    cakes: { categories: ['Cakes'], subcategories: ['Flowers and Cakes'] },
    flowers: { categories: ['Flowers', 'Combos'], subcategories: [] },
  };

/** Packed goods in categories that are otherwise fresh: plum cakes come in tins. */
const COURIER_SUBCATEGORIES: readonly string[] = ['Plum cakes'];

interface Classified {
  category: string;
  subCategory: readonly string[];
}

/** The kind a product gets when nobody chose one: fresh categories are local, the rest courier. */
export function defaultFulfilment(p: Classified): FulfilmentKind {
  if (p.subCategory.some((s) => COURIER_SUBCATEGORIES.includes(s))) return 'courier';
  return localNeeds(p).length > 0 ? 'local' : 'courier';
}

function needs(p: Classified, make: LocalMake): boolean {
  const rule = LOCAL_MAKE_RULES[make];
  if (rule.categories.includes(p.category)) return true;
  for (const s of p.subCategory) if (rule.subcategories.includes(s)) return true;
  return false;
}

/** The makers a local product needs in the recipient's area. */
export function localNeeds(p: Classified): LocalMake[] {
  return LOCAL_MAKES.filter((make) => needs(p, make));
}

/** Where a PIN code is served from: local areas have makers; any other serviceable area, only a courier. */
export interface Reach {
  makes: readonly LocalMake[];
}

export type Routed = Classified & { fulfilment: FulfilmentKind };

/**
 * How a product would travel to an area: a local area hand-delivers everything it can (packed goods
 * too, in its own slots), any other area gets packed goods by courier.
 */
export function travelsAs(area: Reach): FulfilmentKind {
  return area.makes.length > 0 ? 'local' : 'courier';
}

/**
 * Whether a product can reach an area at all; the slots say when. Without allocating: a listing
 * for a PIN code asks it of every product it walks.
 */
export function canReach(p: Routed, area: Reach): boolean {
  if (p.fulfilment === 'courier') return true;
  if (area.makes.length === 0) return false;
  for (const make of LOCAL_MAKES) if (!area.makes.includes(make) && needs(p, make)) return false;
  return true;
}

/** Whether every product can reach an area: it has every kind of maker. */
export function reachesEverything(area: Reach): boolean {
  return LOCAL_MAKES.every((make) => area.makes.includes(make));
}

const WHAT_IS_MADE: Record<string, string> = {
  cakes: 'Fresh cakes are baked',
  flowers: 'Fresh flowers are arranged',
  'cakes,flowers': 'Fresh cakes and flowers are made',
};

/** 'Kochi', 'Kochi and Delhi', 'Kochi, Delhi, Mumbai and Bengaluru'. */
export function listOfNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * Why a local product cannot reach a PIN code, in one sentence naming where it can go:
 * 'Fresh cakes are baked and delivered in Kochi, Delhi, Mumbai and Bengaluru.' `areas` are the
 * local areas with their makes.
 */
export function notDeliverableReason(p: Routed, areas: readonly (Reach & { name: string })[]): string {
  const needs = localNeeds(p);
  const what = WHAT_IS_MADE[needs.join(',')] ?? 'This gift is made';
  const where = areas.filter((a) => canReach(p, a)).map((a) => a.name);
  if (where.length === 0) return `${what} and delivered locally, and no area has them just now.`;
  return `${what} and delivered in ${listOfNames(where)}.`;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** '2026-12-03' → 'Thu, 3 Dec', the same as en-IN's short date, without building an Intl formatter. */
export function shortDate(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return `${WEEKDAYS[d.getUTCDay()]}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

/** A delivery date as a card says it: 'Today', 'Tomorrow' or 'Thu, 3 Dec' (`today` an IST date). */
export function deliveryDayLabel(date: string, today: string): string {
  if (date === today) return 'Today';
  if (date === addDays(today, 1)) return 'Tomorrow';
  return shortDate(date);
}
