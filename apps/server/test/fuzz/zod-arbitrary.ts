import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Values for a zod 4 schema, read from the schema's own definition (`schema._zod.def`): objects with their optional
 * keys, strings with their length, pattern and format checks, numbers with their bounds, enums, literals, arrays,
 * records, unions, and the wrappers (optional, nullable, default, pipe, coerce, refinements). The values are meant to
 * pass the schema most of the time, so that requests reach the service behind it; the mutations come on top.
 */

// biome-ignore lint/suspicious/noExplicitAny: zod's internal definitions are read structurally
type TDef = any;

/** Known values by field name (ids, ICCIDs, cursors of the fixture), offered beside generated ones. */
export type TPools = Record<string, readonly unknown[]>;

export type TArbContext = {
  /** Query strings and path parameters carry text: scalars are written as strings. */
  text: boolean;
  pools: TPools;
  /** Fields with a pool take pool values only (for a base request that reaches real rows). */
  poolOnly?: boolean;
};

/** A schema's definition; a schema that is not zod (none today) reads as `unknown`, so it still gets values. */
const defOf = (schema: z.ZodType): TDef => (schema as unknown as { _zod?: { def: TDef } })._zod?.def ?? { type: 'unknown' };
/** Whether a client may leave the field out: optional, or with a default (zod marks both on `optin`). */
export const isOptional = (schema: z.ZodType) => !!(schema as unknown as { _zod?: { optin?: string } })._zod?.optin;

function checksOf(def: TDef): TDef[] {
  return ((def.checks ?? []) as { _zod: { def: TDef } }[]).map((c) => c._zod.def);
}

const MAX_COLLECTION = 4;
const DROP = Symbol('drop');

function stringArb(def: TDef): fc.Arbitrary<string> {
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  const patterns: RegExp[] = [];
  const formats: TDef[] = [];
  for (const check of [def, ...checksOf(def)]) {
    if (check.check === 'min_length') min = Math.max(min, check.minimum);
    if (check.check === 'max_length') max = Math.min(max, check.maximum);
    if (check.check === 'length_equals') {
      min = check.length;
      max = check.length;
    }
    if (check.check === 'string_format' || check.format) {
      if (check.format === 'regex' && check.pattern) patterns.push(check.pattern as RegExp);
      else if (check.format) formats.push(check);
    }
  }
  let base: fc.Arbitrary<string>;
  const format = formats[0]?.format as string | undefined;
  if (format === 'datetime')
    base = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
  else if (format === 'date')
    base = fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  else if (format === 'email') base = fc.emailAddress();
  else if (format === 'ipv4') base = fc.ipV4();
  else if (format === 'ipv6') base = fc.ipV6();
  else if (format === 'uuid' || format === 'guid') base = fc.uuid();
  else if (format === 'url') base = fc.webUrl({ validSchemes: ['https'] });
  else if (format === 'e164') base = fc.stringMatching(/^\+91[6-9]\d{9}$/);
  else if (patterns.length) {
    // The last pattern is the most specific one (a shared text type comes first, a field's own rule after it).
    const specific = patterns[patterns.length - 1]!;
    const source = specific.source;
    base = fc.stringMatching(new RegExp(source.startsWith('^') ? source : `^${source}`, specific.flags.replace('g', '')), {
      size: 'small',
    });
  } else base = fc.string({ maxLength: 30 });
  return base.map((s) => {
    let out = Number.isFinite(max) && s.length > max ? s.slice(0, max) : s;
    while (out.length < min) out += out.length ? out : 'a';
    return Number.isFinite(max) ? out.slice(0, max) : out;
  });
}

function numberArb(def: TDef): fc.Arbitrary<number> {
  let min = -1_000_000;
  let max = 1_000_000;
  let integer = false;
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than') min = check.inclusive ? check.value : check.value + (integer ? 1 : 1e-6);
    if (check.check === 'less_than') max = check.inclusive ? check.value : check.value - (integer ? 1 : 1e-6);
    if (check.check === 'number_format' && /int/.test(String(check.format))) integer = true;
  }
  if (integer) {
    const lo = Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER);
    const hi = Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER);
    return fc.oneof(fc.integer({ min: lo, max: hi }), fc.constantFrom(lo, hi));
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function withPool(name: string | undefined, ctx: TArbContext, arb: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const pool = name ? ctx.pools[name] : undefined;
  if (!pool?.length) return arb;
  if (ctx.poolOnly) return fc.constantFrom(...pool);
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: arb });
}

/** A value for `schema`; `name` is the field it goes in (for the pools). */
export function arbitraryFor(schema: z.ZodType, ctx: TArbContext, name?: string): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const text = (arb: fc.Arbitrary<unknown>) => (ctx.text ? arb.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))) : arb);
  switch (def.type as string) {
    case 'optional':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
    case 'prefault':
    case 'success':
      return arbitraryFor(def.innerType, ctx, name);
    case 'default':
      return arbitraryFor(def.innerType, ctx, name);
    case 'nullable':
      return fc.oneof({ weight: 4, arbitrary: arbitraryFor(def.innerType, ctx, name) }, { weight: 1, arbitrary: fc.constant(null) });
    case 'pipe':
      // The input side is what a client sends (a transform's output is the server's business).
      return arbitraryFor(defOf(def.in).type === 'transform' ? def.out : def.in, ctx, name);
    case 'lazy':
      return arbitraryFor(def.getter(), ctx, name);
    case 'transform':
      return fc.string({ maxLength: 20 });
    case 'string':
      return withPool(name, ctx, stringArb(def));
    case 'number':
      return withPool(name, ctx, text(numberArb(def)));
    case 'int':
      return withPool(name, ctx, text(fc.integer()));
    case 'bigint':
      return text(fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }).map(String));
    case 'boolean':
      return text(fc.boolean());
    case 'date':
      return text(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
    case 'never':
      return fc.constant(undefined);
    case 'any':
    case 'unknown':
      return fc.jsonValue({ maxDepth: 2 });
    case 'enum':
      return withPool(
        name,
        ctx,
        fc.constantFrom(...(Object.values(def.entries) as unknown[])).map((v) => (ctx.text ? String(v) : v)),
      );
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[])).map((v) => (ctx.text ? String(v) : v));
    case 'array': {
      let minLength = 0;
      let maxLength = MAX_COLLECTION;
      for (const check of checksOf(def)) {
        if (check.check === 'min_length') minLength = check.minimum;
        if (check.check === 'max_length') maxLength = Math.min(maxLength, check.maximum);
        if (check.check === 'length_equals') minLength = maxLength = check.length;
      }
      maxLength = Math.max(minLength, maxLength);
      const item = arbitraryFor(def.element, ctx, name);
      const pool = name ? ctx.pools[name] : undefined;
      const list = fc.array(item, { minLength, maxLength });
      // Whole lists from the pool (e.g. every fixture ICCID) reach the rules behind a valid list.
      return pool?.length ? fc.oneof(list, fc.subarray([...pool], { minLength: Math.max(1, minLength), maxLength })) : list;
    }
    case 'tuple':
      return fc.tuple(...(def.items as z.ZodType[]).map((s) => arbitraryFor(s, ctx, name)));
    case 'record':
      return fc.dictionary(
        arbitraryFor(def.keyType, { ...ctx, text: true }, `${name ?? ''}.key`) as fc.Arbitrary<string>,
        arbitraryFor(def.valueType, ctx),
        { maxKeys: MAX_COLLECTION },
      );
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((s) => arbitraryFor(s, ctx, name)));
    case 'intersection':
      return fc
        .tuple(arbitraryFor(def.left, ctx, name), arbitraryFor(def.right, ctx, name))
        .map(([a, b]) => (a && b && typeof a === 'object' && typeof b === 'object' ? { ...a, ...b } : a));
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const keys = Object.keys(shape);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      const requiredKeys = keys.filter((k) => !isOptional(shape[k]!));
      for (const key of keys) {
        const field = shape[key]!;
        const arb = arbitraryFor(field, ctx, key);
        // An optional field the generator got wrong is left out, so the request stays valid where it can.
        model[key] = requiredKeys.includes(key) ? arb : arb.map((v) => (field.safeParse(v).success ? v : DROP));
      }
      return fc.record(model, { requiredKeys }).map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== DROP)));
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** The schema of an object's field, through the wrappers; undefined when the schema is not an object. */
export function objectShape(schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined {
  if (!schema) return undefined;
  const def = defOf(schema);
  if (def.type === 'object') return def.shape as Record<string, z.ZodType>;
  if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch'].includes(def.type))
    return objectShape(def.innerType);
  if (def.type === 'pipe') return objectShape(def.in);
  return undefined;
}

/** What a field's schema holds, to choose the hostile values that matter most for it. */
export function fieldFlavour(schema: z.ZodType, name: string): 'date' | 'cursor' | 'number' | 'text' {
  if (/cursor/i.test(name)) return 'cursor';
  const seen = new Set<TDef>();
  const visit = (s: z.ZodType): string | undefined => {
    const def = defOf(s);
    if (seen.has(def)) return undefined;
    seen.add(def);
    if (def.type === 'string') {
      const formats = [def, ...checksOf(def)].map((c) => c.format);
      if (formats.includes('datetime') || formats.includes('date')) return 'date';
      return undefined;
    }
    if (def.type === 'number' || def.type === 'int') return 'number';
    for (const inner of [def.innerType, def.in, def.out, ...(def.options ?? [])]) {
      if (inner) {
        const found = visit(inner);
        if (found) return found;
      }
    }
    return undefined;
  };
  return (visit(schema) as 'date' | 'number' | undefined) ?? (/(^|[a-z])(from|to|At)$/.test(name) ? 'date' : 'text');
}
