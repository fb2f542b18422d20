import path from 'node:path';
import { minifySync, type Rolldown } from 'vite';

type ChunkingContext = Rolldown.ChunkingContext;
type ModuleInfo = Rolldown.ModuleInfo;

/**
 * Groups the small modules that Rolldown would otherwise put in files of a few hundred bytes
 * (ADR 052).
 *
 * Rolldown puts each module in the chunk of the set of entries (the app and each lazy page) that use
 * it, so an icon or a two-line helper used by a set of pages no other module shares becomes a file
 * of its own, one more request for almost nothing. Here every such undersized set that imports
 * nothing but the entry is merged, set by set, with the one whose merge sends the fewest unneeded
 * bytes to pages, until each group is at least `minBytes`; an undersized set that imports other
 * files joins one of those files, if the pages of that file fetch all it imports already. Sets big
 * enough on their own keep Rolldown's placement, and what the entry loads stays in the entry.
 *
 * Which pages use a module is read through re-exporting indexes (`lucide-react`, `@store/domain`,
 * and `radix-ui`'s namespaces): a page that imports one icon from the index uses that icon, not all
 * of them. Sizes are the modules' minified sizes (ADR 054). A misreading only moves bytes between
 * files: Rolldown still imports each module from wherever it is placed.
 */
export interface SmallChunkOptions {
  /** The app's entry module: what it loads statically is already in the entry's file. */
  entry: string;
  /** Smallest group wanted, in bytes of its modules' minified code. */
  minBytes: number;
  /** Modules an earlier group takes. */
  skip?: RegExp;
  /** How much more an unneeded byte costs on this entry (the first page, with the tightest budget). */
  weights?: Record<string, number>;
}

const SCRIPT = /^[^\0].*\.[cm]?[jt]sx?$/;
const COMMENTS = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;
const REEXPORT = /export\s*(\*|\{[^}]*\})\s*from\s*["']([^"']+)["'];?/g;
/** `import * as Dialog from '…'`: a namespace an index exports by name. */
const NAMESPACE_IMPORT = /import\s*\*\s*as\s*([\w$]+)\s*from\s*["']([^"']+)["']/g;
/** `export { Dialog, Other as Alias }`, not followed by `from`: what an index exports of its own names. */
const EXPORT_LIST = /export\s*\{([^}]*)\}\s*;?(?!\s*from)/g;
/** What else an index holds: a directive, a namespace import, the export of that namespace. */
const INDEX_NOISE = new RegExp(`["']use strict["'];?|${NAMESPACE_IMPORT.source};?|${EXPORT_LIST.source}`, 'g');
const NAMED_IMPORT = /import\s*(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;

/**
 * The module's size once minified, as the build will write it. Its code here is compiled but not
 * minified; without comments and indentation it still overstated small modules (long names, the
 * export lines of an icon) by half or more, so sets that came out as files of 400–900 bytes
 * counted as big enough.
 */
function codeBytes(id: string, info: ModuleInfo): number {
  const code = info.code ?? '';
  const minified = minifySync(id, code);
  return minified.errors.length > 0 ? code.length : minified.code.length;
}

function withoutExtension(id: string): string {
  return id.replace(/\.[cm]?[jt]sx?$/, '');
}

/** `{ a, b as c }` → the names on the left of `as`; `{ a as b }` exported → the names on the right. */
function names(list: string, side: 'local' | 'exported'): string[] {
  return list
    .split(',')
    .map((part) => part.trim().split(/\s+as\s+/))
    .filter((parts) => parts[0])
    .map((parts) => (side === 'local' ? parts[0]! : parts[parts.length - 1]!));
}

export function smallChunkGroups(options: SmallChunkOptions) {
  // Planned on the first module Rolldown asks about; each `vite build` evaluates the config anew.
  let groupOf: Map<string, string> | undefined;

  function plan(ctx: ChunkingContext): Map<string, string> {
    const info = (id: string) => ctx.getModuleInfo(id);

    /** A module made only of `export … from` lines: an index, not code anyone runs. */
    const barrels = new Map<string, boolean>();
    const isBarrel = (id: string) => {
      let known = barrels.get(id);
      if (known === undefined) {
        const code = (info(id)?.code ?? '').replace(COMMENTS, '');
        known = /\bexport\b/.test(code) && code.replace(REEXPORT, '').replace(INDEX_NOISE, '').trim() === '';
        barrels.set(id, known);
      }
      return known;
    };
    /** What an index re-exports, by the module it takes it from: the names, or that module's all. */
    const indexes = new Map<string, Map<string, string[]>>();
    const reexports = (barrel: string) => {
      let known = indexes.get(barrel);
      if (!known) {
        known = new Map();
        const code = (info(barrel)?.code ?? '').replace(COMMENTS, '');
        for (const [, what, spec] of code.matchAll(REEXPORT)) {
          if (!spec!.startsWith('.')) continue;
          const target = withoutExtension(path.resolve(path.dirname(barrel), spec!));
          const exported = what === '*' ? ['*'] : names(what!.slice(1, -1), 'exported');
          known.set(target, [...(known.get(target) ?? []), ...exported]);
        }
        // `import * as Dialog from '@radix-ui/react-dialog'; export { Dialog }` (radix-ui's index):
        // a user importing `Dialog` uses that package, and nothing else the index names.
        const exportedAs = new Map<string, string[]>();
        for (const [, list] of code.matchAll(EXPORT_LIST)) {
          const exported = names(list!, 'exported');
          names(list!, 'local').forEach((local, i) =>
            exportedAs.set(local, [...(exportedAs.get(local) ?? []), exported[i]!]),
          );
        }
        for (const [, namespace, spec] of code.matchAll(NAMESPACE_IMPORT)) {
          const target = spec!.startsWith('.')
            ? path.resolve(path.dirname(barrel), spec!)
            : info(barrel)?.importedIds.find((id) => id.includes(`/node_modules/${spec}/`));
          if (!target) continue;
          const key = withoutExtension(target);
          known.set(key, [...(known.get(key) ?? []), ...(exportedAs.get(namespace!) ?? [])]);
        }
        indexes.set(barrel, known);
      }
      return known;
    };
    /** Whether `spec`, written in `user`, names `barrel`: a relative path, or the index's package. */
    const refersTo = (user: string, spec: string, barrel: string) =>
      spec.startsWith('.')
        ? [withoutExtension(barrel), withoutExtension(barrel).replace(/\/index$/, '')].includes(
            withoutExtension(path.resolve(path.dirname(user), spec)),
          )
        : barrel.includes(`/node_modules/${spec}/`) || barrel.includes(`/packages/${spec.split('/').pop()}/`);
    /** For each name an index exports, the modules importing it by that name. */
    const indexUsers = new Map<string, Map<string, Set<string>>>();
    const usersOf = (barrel: string) => {
      let known = indexUsers.get(barrel);
      if (!known) {
        known = new Map();
        for (const user of info(barrel)?.importers ?? []) {
          for (const [, list, spec] of (info(user)?.code ?? '').matchAll(NAMED_IMPORT)) {
            if (!refersTo(user, spec!, barrel)) continue;
            for (const name of names(list!, 'local')) {
              if (!known.has(name)) known.set(name, new Set());
              known.get(name)!.add(user);
            }
          }
        }
        indexUsers.set(barrel, known);
      }
      return known;
    };
    /** Who imports `id` for what it is: through an index, only those importing one of its names. */
    const importersKnown = new Map<string, Set<string>>();
    const importersOf = (id: string): Set<string> => {
      let found = importersKnown.get(id);
      if (found) return found;
      found = new Set();
      importersKnown.set(id, found);
      for (const importer of info(id)?.importers ?? []) {
        if (!isBarrel(importer)) {
          found.add(importer);
          continue;
        }
        const users = usersOf(importer);
        for (const name of reexports(importer).get(withoutExtension(id)) ?? []) {
          for (const exported of name === '*' ? (info(id)?.exports ?? []) : [name]) {
            for (const user of users.get(exported) ?? []) found.add(user);
          }
        }
      }
      return found;
    };

    // Every module the app can reach, and the entries (the app, each lazy module) among them.
    const all = new Set<string>();
    const roots = new Set<string>();
    const queue = [options.entry];
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      if (all.has(id)) continue;
      all.add(id);
      const module = info(id);
      if (!module) continue;
      if (id === options.entry || module.dynamicImporters.length > 0) roots.add(id);
      queue.push(...module.importedIds, ...module.dynamicallyImportedIds);
    }

    const usedBy = new Map<string, Set<string>>();
    const entriesUsing = (id: string, visiting = new Set<string>()): Set<string> => {
      const known = usedBy.get(id);
      if (known) return known;
      const found = new Set<string>(roots.has(id) ? [id] : []);
      visiting.add(id);
      for (const importer of importersOf(id)) {
        if (visiting.has(importer) || !all.has(importer)) continue;
        for (const root of entriesUsing(importer, visiting)) found.add(root);
      }
      visiting.delete(id);
      usedBy.set(id, found);
      return found;
    };

    // What each module really uses, the importers above read the other way.
    const uses = new Map<string, Set<string>>();
    for (const id of all) {
      for (const importer of importersOf(id)) {
        if (!uses.has(importer)) uses.set(importer, new Set());
        uses.get(importer)!.add(id);
      }
    }
    const bytes = new Map<string, number>();
    const sizeOf = (id: string) => {
      let known = bytes.get(id);
      if (known === undefined) {
        const module = info(id);
        known = module && SCRIPT.test(id) && !isBarrel(id) ? codeBytes(id, module) : 0;
        bytes.set(id, known);
      }
      return known;
    };
    const keyOf = (entries: Set<string>) => [...entries].sort().join('\n');
    /** Every module outside the entry, by the entries using it: what Rolldown makes one chunk of. */
    const chunkOf = new Map<string, string[]>();
    for (const id of all) {
      const entries = entriesUsing(id);
      if (entries.size === 0 || entries.has(options.entry)) continue;
      const key = keyOf(entries);
      chunkOf.set(key, [...(chunkOf.get(key) ?? []), id]);
    }
    /**
     * A group's modules and everything they load that the entry does not hold: what they import,
     * with the rest of the chunk each import is in.
     */
    const loads = (modules: string[]): Set<string> => {
      const found = new Set<string>();
      const queue = [...modules];
      for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
        // An index is read through (its users use the modules it names), so it loads nothing itself.
        if (found.has(id) || isBarrel(id) || entriesUsing(id).has(options.entry)) continue;
        found.add(id);
        queue.push(...(uses.get(id) ?? []));
        if (!modules.includes(id)) queue.push(...(chunkOf.get(keyOf(entriesUsing(id))) ?? []));
      }
      return found;
    };

    // The sets Rolldown would make a chunk of, keyed by the entries that use them.
    interface Group {
      entries: Set<string>;
      modules: string[];
      bytes: number;
      merged: boolean;
      /** Bytes it loads in all, and of those, the bytes each entry uses anyway. */
      cost?: { total: number; used: Map<string, number> };
    }
    const sets = new Map<string, Group>();
    for (const id of all) {
      const module = info(id);
      if (!module?.code || !SCRIPT.test(id) || options.skip?.test(id) || roots.has(id) || isBarrel(id)) continue;
      const entries = entriesUsing(id);
      // One entry's own modules are in its own file, the entry's in the entry's.
      if (entries.size < 2 || entries.has(options.entry)) continue;
      const key = keyOf(entries);
      const set = sets.get(key) ?? { entries, modules: [], bytes: 0, merged: false };
      set.modules.push(id);
      set.bytes += sizeOf(id);
      sets.set(key, set);
    }

    const weight = (entry: string) => options.weights?.[entry] ?? 1;
    /** Bytes that `group` sends to `entry` which it would not otherwise load, weighted. */
    const unneeded = (group: Group, entry: string) => {
      if (!group.cost) {
        const cost = { total: 0, used: new Map<string, number>() };
        for (const id of loads(group.modules)) {
          cost.total += sizeOf(id);
          for (const user of entriesUsing(id)) cost.used.set(user, (cost.used.get(user) ?? 0) + sizeOf(id));
        }
        group.cost = cost;
      }
      return (group.cost.total - (group.cost.used.get(entry) ?? 0)) * weight(entry);
    };
    const waste = (a: Group, b: Group) => {
      let cost = 0;
      for (const entry of b.entries) if (!a.entries.has(entry)) cost += unneeded(a, entry);
      for (const entry of a.entries) if (!b.entries.has(entry)) cost += unneeded(b, entry);
      return cost;
    };
    const merge = (small: Group, into: Group) => {
      into.entries = new Set([...into.entries, ...small.entries]);
      into.modules.push(...small.modules);
      into.bytes += small.bytes;
      into.merged = true;
      into.cost = undefined;
    };
    const bySize = (a: Group, b: Group) => a.bytes - b.bytes || a.modules[0]!.localeCompare(b.modules[0]!);
    const isLeaf = (set: Group) => loads(set.modules).size === set.modules.length;

    // First the sets that load nothing but themselves and the entry, merged among themselves: a
    // group of sets that import other files would make every page using one of them fetch those.
    const groups: Group[] = [...sets.values()].filter(isLeaf).sort(bySize);
    for (;;) {
      const small = groups.find((g) => g.bytes < options.minBytes);
      if (!small || groups.length < 2) break;
      let best: Group | undefined;
      let bestCost = Infinity;
      for (const other of groups) {
        if (other === small) continue;
        const cost = waste(small, other);
        if (cost < bestCost) [best, bestCost] = [other, cost];
      }
      groups.splice(groups.indexOf(small), 1);
      merge(small, best!);
      groups.sort(bySize);
    }

    // Then each small set that imports other files joins one of them whose pages fetch everything
    // the set imports already: its own pages fetch that file anyway, the file's get a few bytes more.
    const groupOfModule = new Map<string, Group>();
    for (const group of groups) for (const id of group.modules) groupOfModule.set(id, group);
    for (const set of [...sets.values()].filter((set) => !isLeaf(set)).sort(bySize)) {
      if (set.bytes >= options.minBytes || groupOfModule.get(set.modules[0]!) !== undefined) continue;
      let best: Group | undefined;
      let bestCost = Infinity;
      for (const dep of loads(set.modules)) {
        if (set.modules.includes(dep)) continue;
        const target = groupOfModule.get(dep) ?? sets.get(keyOf(entriesUsing(dep)));
        if (!target || target === set) continue;
        // Only where the target's pages already fetch everything the set imports, through the
        // target or through anything else they load.
        const targetLoads = loads(target.modules);
        const fetched = (id: string) =>
          set.modules.includes(id) ||
          targetLoads.has(id) ||
          [...target.entries].every((page) => entriesUsing(id).has(page));
        if (![...loads(set.modules)].every(fetched)) continue;
        const cost = waste(set, target);
        if (cost < bestCost) [best, bestCost] = [target, cost];
      }
      if (!best) continue;
      merge(set, best);
      if (!groups.includes(best)) groups.push(best);
      for (const id of best.modules) groupOfModule.set(id, best);
    }

    const result = new Map<string, string>();
    const taken = new Set<string>();
    // A set big enough on its own, and merged with none, stays where Rolldown puts it. Two groups
    // must not share a name: Rolldown would make one file of them.
    for (const group of groups.filter((g) => g.merged)) {
      const base = `shared-${path.basename(withoutExtension(group.modules[0]!))}`;
      let name = base;
      for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
      taken.add(name);
      for (const id of group.modules) result.set(id, name);
    }
    return result;
  }

  return (id: string, ctx: ChunkingContext) => (groupOf ??= plan(ctx)).get(id) ?? null;
}
