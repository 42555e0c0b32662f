import sharp from 'sharp';
const [out, ...files] = process.argv.slice(2);
const w = 390, h = 844;
const imgs = await Promise.all(files.map(f => sharp(f).resize(w, h).toBuffer()));
await sharp({ create: { width: w * imgs.length, height: h, channels: 3, background: '#888' } })
  .composite(imgs.map((input, i) => ({ input, left: i * w, top: 0 }))).png().toFile(out);
