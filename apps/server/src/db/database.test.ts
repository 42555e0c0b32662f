import { describe, expect, it } from 'vitest';
import { numberArrayLiteral, withNumberArrayLiterals } from './database.ts';

describe('numberArrayLiteral', () => {
  it('writes an array of numbers as an array literal, as pg writes each number', () => {
    expect(numberArrayLiteral([1, 22, 9007199254740991])).toBe('{1,22,9007199254740991}');
    expect(numberArrayLiteral([-3, 0, 1.5, 1e21, -2e-7])).toBe(`{-3,0,1.5,${String(1e21)},${String(-2e-7)}}`);
    expect(numberArrayLiteral([])).toBe('{}');
  });

  it('leaves to pg what is not an array of finite numbers', () => {
    expect(numberArrayLiteral(5)).toBeNull();
    expect(numberArrayLiteral('{1}')).toBeNull();
    expect(numberArrayLiteral([1, '2'])).toBeNull();
    expect(numberArrayLiteral([1, null])).toBeNull();
    expect(numberArrayLiteral([Number.NaN])).toBeNull();
    expect(numberArrayLiteral([[1, 2]])).toBeNull();
  });

  it('changes only the arrays of numbers among the values', () => {
    const date = new Date(0);
    expect(withNumberArrayLiterals([[1, 2], 'a', 3, ['x'], date, null])).toEqual(['{1,2}', 'a', 3, ['x'], date, null]);
  });
});
