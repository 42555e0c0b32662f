import { describe, expect, it } from 'vitest';
import { NAME_MAX_LENGTH, extensionFromMime, isNameValid, joinName, splitName, stripDataUrl } from './users.rules.ts';

describe('joinName', () => {
  it('trims both parts and joins them with one space', () => {
    expect(joinName('  Ada ', ' Lovelace  ')).toBe('Ada Lovelace');
  });

  it('drops an empty part', () => {
    expect(joinName('Ada', '   ')).toBe('Ada');
    expect(joinName('', 'Lovelace')).toBe('Lovelace');
    expect(joinName(' ', '')).toBe('');
  });
});

describe('isNameValid', () => {
  it('needs at least 2 characters once trimmed', () => {
    expect(isNameValid('Al')).toBe(true);
    expect(isNameValid('  Al  ')).toBe(true);
    expect(isNameValid('A')).toBe(false);
    expect(isNameValid(' A ')).toBe(false);
    expect(isNameValid('')).toBe(false);
  });

  it(`allows at most ${NAME_MAX_LENGTH} characters`, () => {
    expect(isNameValid('x'.repeat(NAME_MAX_LENGTH))).toBe(true);
    expect(isNameValid('x'.repeat(NAME_MAX_LENGTH + 1))).toBe(false);
  });
});

describe('splitName', () => {
  it('splits at the first space', () => {
    expect(splitName('Ada Lovelace')).toEqual({ first_name: 'Ada', last_name: 'Lovelace' });
    expect(splitName('Ada King Lovelace')).toEqual({ first_name: 'Ada', last_name: 'King Lovelace' });
  });

  it('collapses and trims whitespace first', () => {
    expect(splitName('  Ada    King   Lovelace ')).toEqual({ first_name: 'Ada', last_name: 'King Lovelace' });
  });

  it('answers an empty last name for one word and empty parts for no name', () => {
    expect(splitName('Ada')).toEqual({ first_name: 'Ada', last_name: '' });
    expect(splitName(null)).toEqual({ first_name: '', last_name: '' });
    expect(splitName('   ')).toEqual({ first_name: '', last_name: '' });
  });

  it('round-trips with joinName', () => {
    const { first_name, last_name } = splitName(joinName(' Grace ', ' Brewster Hopper '));
    expect(joinName(first_name, last_name)).toBe('Grace Brewster Hopper');
  });
});

describe('stripDataUrl', () => {
  it('strips a data-URL prefix', () => {
    expect(stripDataUrl('data:image/png;base64,iVBORw0KGgo=')).toBe('iVBORw0KGgo=');
    expect(stripDataUrl('data:image/jpeg;charset=utf-8;base64,/9j/4AAQ')).toBe('/9j/4AAQ');
  });

  it('leaves plain base64 alone, even when it contains "base64,"', () => {
    expect(stripDataUrl('iVBORw0KGgo=')).toBe('iVBORw0KGgo=');
    expect(stripDataUrl('abcbase64,def')).toBe('abcbase64,def');
  });

  it('leaves a data URL without base64 alone', () => {
    expect(stripDataUrl('data:text/plain,hello')).toBe('data:text/plain,hello');
  });
});

describe('extensionFromMime', () => {
  it('maps png, jpeg/jpg and gif', () => {
    expect(extensionFromMime('image/png')).toBe('png');
    expect(extensionFromMime('image/jpeg')).toBe('jpeg');
    expect(extensionFromMime('image/jpg')).toBe('jpeg');
    expect(extensionFromMime('image/gif')).toBe('gif');
  });

  it('is null for anything else', () => {
    for (const mime of ['image/svg+xml', 'image/webp', 'text/html', 'IMAGE/PNG', '']) expect(extensionFromMime(mime)).toBeNull();
  });
});
