import zlib from 'node:zlib';

/**
 * Reads one row of a PNG (as Playwright's screenshots are: 8-bit, RGB or RGBA, not interlaced)
 * as grey levels, 0 black … 255 white. Enough to read a barcode back from its pixels without an
 * image library.
 */
export function pngRow(png: Buffer, y: number): { width: number; height: number; row: number[] } {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let at = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = body.subarray(8, 13);
      if (depth !== 8 || interlace !== 0) throw new Error('only 8-bit, non-interlaced PNGs');
      channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[colour] ?? 0;
      if (!channels) throw new Error(`PNG colour type ${colour} is not read here`);
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(data));
  const stride = width * channels;
  let previous = new Uint8Array(stride);
  let current = new Uint8Array(stride);
  // Every row before `y` is unfiltered too: a row's filter refers to the one above it.
  for (let r = 0; r <= y; r += 1) {
    const start = r * (stride + 1);
    const filter = raw[start];
    current = new Uint8Array(stride);
    for (let i = 0; i < stride; i += 1) {
      const x = raw[start + 1 + i];
      const a = i >= channels ? current[i - channels] : 0;
      const b = previous[i];
      const c = i >= channels ? previous[i - channels] : 0;
      let predictor = 0;
      if (filter === 1) predictor = a;
      else if (filter === 2) predictor = b;
      else if (filter === 3) predictor = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      current[i] = (x + predictor) & 0xff;
    }
    previous = current;
  }
  const row: number[] = [];
  for (let x = 0; x < width; x += 1) {
    const px = current.subarray(x * channels, x * channels + Math.min(channels, 3));
    row.push(channels >= 3 ? Math.round((px[0] + px[1] + px[2]) / 3) : px[0]);
  }
  return { width, height, row };
}
