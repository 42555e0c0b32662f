import { describe, expect, it } from 'vitest';
import { sniffImage } from './sniff.ts';

describe('sniffImage', () => {
  it('recognises images by their magic bytes', () => {
    expect(sniffImage(Buffer.from('89504e470d0a1a0a0000', 'hex'))).toBe('png');
    expect(sniffImage(Buffer.from('ffd8ffe000104a464946', 'hex'))).toBe('jpeg');
    expect(sniffImage(Buffer.from('GIF89a....'))).toBe('gif');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
  });

  it('refuses HTML, SVG and short input whatever the name says', () => {
    expect(sniffImage(Buffer.from('<html><script>alert(1)</script></html>'))).toBeNull();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.from('ffd8', 'hex'))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });
});
