/**
 * A list's filters, declared as data: each names its key in the address (and, as a rule, in the API's query), its
 * label and its kind. `FilterBar` draws them; `readListParams` reads and checks their values from the address, so a
 * hand-edited or stale link never sends the API what it would refuse.
 */

export type TFilterOption = { value: string; label: string };

type TFilterBase = {
  /** The address's (and the API's) parameter. */
  key: string;
  label: string;
  /** Behind "More filters" (lists with many). */
  more?: boolean;
  /** Not offered to this user; a link may still hold it, and it is still read. */
  hidden?: boolean;
  /** Width of the control on wide screens (px); phones give every control the whole width. */
  width?: number;
};

/** Free text (search), sent once typing settles. */
export type TTextFilter = TFilterBase & {
  kind: 'text';
  placeholder?: string;
  /** A search box: a magnifier in front. */
  search?: boolean;
  /** Takes the room left in its row (the list's main search). */
  grow?: boolean;
  maxLength?: number;
  /** Error text for a value that must not be sent, or null. */
  validate?: (value: string) => string | null;
  inputMode?: 'text' | 'numeric';
};

/** One of a list of values ("Any" first), or several (kept comma-separated). */
export type TSelectFilter = TFilterBase & {
  kind: 'select';
  options: readonly TFilterOption[];
  anyLabel: string;
  multiple?: boolean;
};

/** An organisation of the caller's subtree, children indented under their parents. */
export type TOrganizationFilter = TFilterBase & {
  kind: 'organization';
  /** A first choice that is not an organisation (provider stock): it sets `key` to `value` instead. */
  extra?: { key: string; value: string; label: string };
};

/** A day, typed DD/MM/YYYY, held as YYYY-MM-DD (two of them make a date range). */
export type TDayFilter = TFilterBase & { kind: 'day'; placeholder?: string };

export type TFilter = TTextFilter | TSelectFilter | TOrganizationFilter | TDayFilter;

const ID = /^[0-9a-f]{24}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TEXT_MAX = 200;

/** The address keys a filter uses. */
export function filterKeys(filter: TFilter): string[] {
  return filter.kind === 'organization' && filter.extra ? [filter.key, filter.extra.key] : [filter.key];
}

/** A filter's value as the address holds it, or undefined when it is empty or not one the filter allows. */
export function readFilter(filter: TFilter, key: string, raw: string | null): string | undefined {
  const value = raw?.trim() ?? '';
  if (!value) return undefined;
  switch (filter.kind) {
    case 'text': {
      const text = value.slice(0, filter.maxLength ?? TEXT_MAX);
      return filter.validate?.(text) ? undefined : text;
    }
    case 'select': {
      const allowed = new Set(filter.options.map((o) => o.value));
      if (!filter.multiple) return allowed.has(value) ? value : undefined;
      const chosen = value.split(',').filter((v) => allowed.has(v));
      return chosen.length ? chosen.join(',') : undefined;
    }
    case 'organization':
      if (filter.extra && key === filter.extra.key) return value === filter.extra.value ? value : undefined;
      return ID.test(value) ? value : undefined;
    case 'day':
      return DAY.test(value) ? value : undefined;
  }
}

/** How many filters narrow the list (hidden ones included: a link may hold them). */
export function activeFilters(filters: readonly TFilter[], values: Record<string, string | undefined>): number {
  return filters.filter((f) => filterKeys(f).some((k) => values[k] !== undefined)).length;
}
