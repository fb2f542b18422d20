/**
 * The home page's 'Shop for every Occasions' carousel, in the spec's order. A module of its own,
 * apart from the catalogue's other vocabularies: Home's first page needs this list and none of
 * them (ADR 049).
 */
export const HOME_OCCASIONS = [
  'Love and Romance',
  'Weddings and Engagements',
  'Housewarming',
  'Congratulations',
  'Mothers day',
  'Sympathy and Support',
  'Birthday',
  'Apologies',
] as const;
