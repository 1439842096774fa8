/**
 * The difference between an audit event's `before` and `after` snapshots, field by field: each snapshot flattened to
 * its leaf values at dotted paths (`settings.limits.daily`, an array's items by index: `gateways[0].host`), then every
 * path of either side compared. A path only `after` has was added, one only `before` has was removed, one whose value
 * differs changed; the rest is unchanged. A leaf is a value that is not an object or an array, or an empty one (`{}`,
 * `[]`), so a field that became empty still shows. A key that would read as a path (a dot or a bracket in it) is written
 * `["a.b"]`. A snapshot that is not an object (a plain value) sits at the path ''. Nothing here reads the DOM: the table
 * and its tests share it.
 */

export type TDiffKind = 'added' | 'removed' | 'changed' | 'unchanged';

export type TDiffRow = {
  path: string;
  kind: TDiffKind;
  /** The value before (undefined when the field was added). */
  before?: unknown;
  /** The value after (undefined when the field was removed). */
  after?: unknown;
};

const PLAIN_KEY = /^[A-Za-z_$][\w$-]*$/;

function keyPath(parent: string, key: string): string {
  if (!PLAIN_KEY.test(key)) return `${parent}[${JSON.stringify(key)}]`;
  return parent ? `${parent}.${key}` : key;
}

const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] => typeof value === 'object' && value !== null;

/** Every leaf of a snapshot by its path, in the snapshot's own order; nothing for null, no snapshot or an empty one. */
export function flattenSnapshot(value: unknown): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value === null || value === undefined || (isContainer(value) && Object.keys(value).length === 0)) return out;
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node) && node.length > 0) {
      for (const [i, item] of node.entries()) walk(item, `${path}[${i}]`);
    } else if (isContainer(node) && !Array.isArray(node) && Object.keys(node).length > 0) {
      for (const [key, item] of Object.entries(node)) walk(item, keyPath(path, key));
    } else {
      out.set(path, node);
    }
  };
  walk(value, '');
  return out;
}

/** Whether two leaves are the same value (empty containers compare by kind). */
function sameLeaf(a: unknown, b: unknown): boolean {
  if (isContainer(a) || isContainer(b)) return isContainer(a) && isContainer(b) && Array.isArray(a) === Array.isArray(b);
  return Object.is(a, b);
}

/** The field-by-field difference of two snapshots: `before`'s paths first, then the paths only `after` has. */
export function diffSnapshots(before: unknown, after: unknown): TDiffRow[] {
  const left = flattenSnapshot(before);
  const right = flattenSnapshot(after);
  const rows: TDiffRow[] = [];
  for (const [path, value] of left) {
    if (!right.has(path)) rows.push({ path, kind: 'removed', before: value });
    else {
      const next = right.get(path);
      rows.push({ path, kind: sameLeaf(value, next) ? 'unchanged' : 'changed', before: value, after: next });
    }
  }
  for (const [path, value] of right) if (!left.has(path)) rows.push({ path, kind: 'added', after: value });
  return rows;
}

/** How many rows of each kind a difference holds. */
export function countDiff(rows: readonly TDiffRow[]): Record<TDiffKind, number> {
  const counts: Record<TDiffKind, number> = { added: 0, removed: 0, changed: 0, unchanged: 0 };
  for (const row of rows) counts[row.kind]++;
  return counts;
}

/** A leaf as the table writes it: text as it is, every other value as JSON (`null`, `true`, `12`, `[]`). */
export function formatLeaf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
