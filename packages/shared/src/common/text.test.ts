import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hasControlCharacter, MULTILINE_PATTERN, multilineText, SINGLE_LINE_PATTERN, singleLine, text, trimmedText, ZId } from './text';

const C0 = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i));
const LINE_BREAKS = ['\t', '\n', '\r'];

describe('text(): one line, no control characters', () => {
  it('refuses NUL, every other C0 control and DEL, anywhere in the value', () => {
    for (const c of [...C0, '\u007f']) {
      for (const value of [c, `a${c}b`, `${c}abc`, `abc${c}`]) {
        expect(text().safeParse(value).success, JSON.stringify(value)).toBe(false);
        expect(hasControlCharacter(value)).toBe(true);
      }
    }
  });

  it('accepts ordinary text, other scripts and emoji', () => {
    for (const value of ['', 'Acme Wireless Pvt. Ltd.', 'तरंग संचार', 'O’Brien & Sons — “IoT”', '🚀 fleet', '\u00a0\u0080\u00ff']) {
      expect(text().safeParse(value).success, value).toBe(true);
    }
  });

  it('keeps chaining: min, max, regex, trim and toLowerCase still apply, and the control rule comes first', () => {
    const name = text().trim().min(1, 'required').max(5, 'too long').toLowerCase();
    expect(name.parse('  ABC ')).toBe('abc');
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('required');
    expect(name.safeParse('abcdef').error?.issues[0]?.message).toBe('too long');
    // A trailing line break is not trimmed away: single-line text never holds one.
    expect(name.safeParse('abc\n').success).toBe(false);
    expect(ZId.safeParse('0123456789abcdef01234567').success).toBe(true);
    expect(ZId.safeParse('0123456789abcdef0123456\u0000').success).toBe(false);
  });

  it('names the rule in the message', () => {
    expect(text().safeParse('a\u0000b').error?.issues[0]?.message).toMatch(/control characters/);
  });

  it('is published as a pattern in JSON Schema (and so in the OpenAPI document)', () => {
    const schema = z.toJSONSchema(text().max(10)) as { pattern?: string };
    expect(schema.pattern).toBe(SINGLE_LINE_PATTERN.source);
    expect(new RegExp(schema.pattern!).test('a\u0000b')).toBe(false);
    const id = z.toJSONSchema(ZId) as { allOf?: { pattern: string }[] };
    expect(id.allOf?.map((p) => p.pattern)).toContain(SINGLE_LINE_PATTERN.source);
  });

  it('adds the same rule to zod string formats, and the document keeps naming the format', () => {
    const ip = singleLine(z.ipv4());
    expect(ip.safeParse('10.0.0.1').success).toBe(true);
    expect(ip.safeParse('10.0.0.1\u0000').success).toBe(false);
    const schema = z.toJSONSchema(ip.optional()) as { allOf?: { pattern: string }[]; format?: string };
    expect(schema.allOf?.map((p) => p.pattern)).toContain(SINGLE_LINE_PATTERN.source);
    expect(schema.format).toBe('ipv4');
    expect((z.toJSONSchema(singleLine(z.url()).max(100)) as { format?: string }).format).toBe('uri');
  });
});

describe('trimmedText(): a search box', () => {
  it('trims surrounding whitespace, line breaks included, before the rule applies', () => {
    expect(trimmedText().parse('\t kisan \r\n')).toBe('kisan');
    expect(trimmedText().min(1, 'empty').safeParse('\t\n').error?.issues[0]?.message).toBe('empty');
  });

  it('still refuses control characters inside the term, and NUL anywhere', () => {
    for (const value of ['ki\tsan', 'ki\u0000san', '\u0000', ' a\u001b '])
      expect(trimmedText().safeParse(value).success, JSON.stringify(value)).toBe(false);
  });
});

describe('multilineText(): a text area', () => {
  it('allows tab, line feed and carriage return', () => {
    expect(multilineText().parse('Line one\r\n\tLine two\n')).toBe('Line one\r\n\tLine two\n');
    for (const c of LINE_BREAKS) expect(hasControlCharacter(`a${c}b`, true)).toBe(false);
  });

  it('refuses every other C0 control and DEL', () => {
    for (const c of [...C0.filter((x) => !LINE_BREAKS.includes(x)), '\u007f']) {
      expect(multilineText().safeParse(`note ${c} here`).success, JSON.stringify(c)).toBe(false);
    }
  });

  it('is published as its own pattern', () => {
    expect((z.toJSONSchema(multilineText()) as { pattern?: string }).pattern).toBe(MULTILINE_PATTERN.source);
  });
});
