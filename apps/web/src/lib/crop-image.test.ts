import { describe, expect, it } from 'vitest';
import { fitWithin, isAcceptedImage, outputMime } from './crop-image.ts';

describe('fitWithin', () => {
  it('scales a large square crop down to the login canvas (max 400 wide, 500 high)', () => {
    expect(fitWithin(1200, 1200, 400, 500)).toEqual({ width: 400, height: 400 });
  });
  it('keeps a small crop as it is', () => {
    expect(fitWithin(120, 120, 400, 500)).toEqual({ width: 120, height: 120 });
  });
  it('respects the tighter of both limits', () => {
    expect(fitWithin(800, 2000, 400, 500)).toEqual({ width: 200, height: 500 });
  });
});

describe('image types', () => {
  it('accepts png, jpeg and gif only', () => {
    expect(isAcceptedImage('image/png')).toBe(true);
    expect(isAcceptedImage('image/jpeg')).toBe(true);
    expect(isAcceptedImage('image/gif')).toBe(true);
    expect(isAcceptedImage('image/webp')).toBe(false);
  });
  it('re-encodes gif as png and keeps jpeg', () => {
    expect(outputMime('image/gif')).toBe('image/png');
    expect(outputMime('image/jpeg')).toBe('image/jpeg');
  });
});
