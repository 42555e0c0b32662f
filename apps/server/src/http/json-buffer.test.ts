import { describe, expect, it } from 'vitest';
import { jsonListBuffer } from './json-buffer.ts';

describe('jsonListBuffer', () => {
  it('writes the prefix, the items separated by commas and the suffix as UTF-8', () => {
    const items = ['{"a":1}', `${JSON.stringify({ name: 'Café 東京 🎉', n: 2 }).slice(0, -1)},${'{"x":"ש"}'.slice(1)}`, '{}'];
    const buffer = jsonListBuffer('{"data":[', items, '],"total":3}');
    const text = `{"data":[${items.join(',')}],"total":3}`;
    expect(buffer.equals(Buffer.from(text))).toBe(true);
    expect(JSON.parse(buffer.toString('utf8'))).toEqual({ data: [{ a: 1 }, { name: 'Café 東京 🎉', n: 2, x: 'ש' }, {}], total: 3 });
  });

  it('writes an empty list', () => {
    expect(jsonListBuffer('[', [], ']').toString()).toBe('[]');
  });
});
