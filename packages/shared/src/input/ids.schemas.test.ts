import { describe, expect, it } from 'vitest';
import { ID_MAX, parseId } from './ids.rules.ts';
import { idListSchema, idSchema } from './ids.schemas.ts';

describe('idSchema', () => {
  it('accepts whole numbers from 1 to the largest exact id, as numbers or digits', () => {
    expect(idSchema.parse(1)).toBe(1);
    expect(idSchema.parse('42')).toBe(42);
    expect(idSchema.parse(ID_MAX)).toBe(ID_MAX);
    expect(idSchema.parse(String(ID_MAX))).toBe(ID_MAX);
  });

  it('refuses everything else with the same message', () => {
    for (const bad of [0, -1, 1.5, ID_MAX + 1, 1e20, '99999999999999999999', '9007199254740992', '', 'abc', '1e3', '0x10', '-1', null, true, [], {}, Number.NaN]) {
      const result = idSchema.safeParse(bad);
      expect(result.success, String(bad)).toBe(false);
    }
  });
});

describe('idListSchema', () => {
  it('reads comma lists, repeated parameters and arrays, without duplicates', () => {
    expect(idListSchema().parse('1, 2,2,,3')).toEqual([1, 2, 3]);
    expect(idListSchema().parse(['4', '5'])).toEqual([4, 5]);
    expect(idListSchema().parse([6, 6])).toEqual([6]);
  });

  it('refuses ids beyond the database type, junk, and too many ids', () => {
    expect(idListSchema().safeParse('99999999999999999999').success).toBe(false);
    expect(idListSchema().safeParse('1,x').success).toBe(false);
    expect(idListSchema().safeParse('1,-2').success).toBe(false);
    expect(idListSchema(3).safeParse('1,2,3,4').success).toBe(false);
  });
});

describe('parseId', () => {
  it('reads ids written in text', () => {
    expect(parseId('12')).toBe(12);
    expect(parseId(' 7 ')).toBe(7);
    for (const bad of ['0', '012', '-1', '1.0', '9007199254740992', 'abc', '']) expect(parseId(bad)).toBeNull();
  });
});
