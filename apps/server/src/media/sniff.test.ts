import { describe, expect, it } from 'vitest';
import { sniffImage, sniffMedia } from './sniff.ts';

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

describe('sniffMedia', () => {
  const ftyp = (brand: string) => Buffer.concat([Buffer.from('00000018', 'hex'), Buffer.from(`ftyp${brand}`, 'latin1'), Buffer.alloc(12)]);
  it('tells pictures and videos apart by their containers', () => {
    expect(sniffMedia(Buffer.from('ffd8ffe000104a464946', 'hex'))).toEqual({ kind: 'image', format: 'jpeg' });
    expect(sniffMedia(ftyp('heic'))).toEqual({ kind: 'image', format: 'heic' });
    expect(sniffMedia(ftyp('mif1'))).toEqual({ kind: 'image', format: 'heic' });
    expect(sniffMedia(ftyp('avif'))).toEqual({ kind: 'image', format: 'avif' });
    expect(sniffMedia(ftyp('isom'))).toEqual({ kind: 'video', format: 'mp4' });
    expect(sniffMedia(ftyp('mp42'))).toEqual({ kind: 'video', format: 'mp4' });
    expect(sniffMedia(ftyp('qt  '))).toEqual({ kind: 'video', format: 'mov' });
    expect(sniffMedia(Buffer.from('00000008moov', 'latin1'))).toBeNull(); // too short to tell
    expect(sniffMedia(Buffer.concat([Buffer.from('0000000877696465', 'hex'), Buffer.alloc(8)]))).toEqual({ kind: 'video', format: 'mov' });
  });

  it('takes WebM but not other Matroska, and nothing else', () => {
    const ebml = (docType: string) => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x80 | docType.length]), Buffer.from(docType), Buffer.alloc(20)]);
    expect(sniffMedia(ebml('webm'))).toEqual({ kind: 'video', format: 'webm' });
    expect(sniffMedia(ebml('matroska'))).toBeNull();
    expect(sniffMedia(ftyp('3gxx'))).toBeNull();
    expect(sniffMedia(Buffer.from('<!doctype html><html><script>alert(1)</script>'))).toBeNull();
    expect(sniffMedia(Buffer.from('%PDF-1.7 ................'))).toBeNull();
  });
});
