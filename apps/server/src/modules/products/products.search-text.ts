interface Searchable {
  name: string;
  category: string;
  subCategory: readonly string[];
  tags: readonly string[];
  description: string;
}

const normalise = (parts: string[]) => parts.join(' ').toLowerCase().replace(/\s+/g, ' ').trim();

/** The two search columns of a product (see products.searchText and products.searchKeys). */
export function buildSearchColumns(p: Searchable): { searchText: string; searchKeys: string } {
  const keys = [p.name, p.category, p.subCategory.join(' '), p.tags.join(' ')];
  return { searchKeys: normalise(keys), searchText: normalise([...keys, p.description]) };
}
