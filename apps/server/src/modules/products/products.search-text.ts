/** What keyword search looks through, lower-cased in one column (see products.searchText). */
export function buildSearchText(p: {
  name: string;
  category: string;
  subCategory: readonly string[];
  tags: readonly string[];
  description: string;
}): string {
  return [p.name, p.category, p.subCategory.join(' '), p.tags.join(' '), p.description]
    .join(' ')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
