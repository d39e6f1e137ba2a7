/**
 * Makes the demo product images of the reference ad viewer once (the files are committed, so
 * neither CI nor a fresh clone runs this): a flat illustration per catalogue item drawn by the
 * Chromium the end-to-end tests use, saved as .png or, for the jpg-only items, .jpg.
 *
 *   node --import tsx services/adviewer/make-images.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { imageFiles } from './catalogue';

const SIZE = 300;
const here = path.dirname(fileURLToPath(import.meta.url));
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function html(name: string, color: string): string {
  return `<!doctype html><html><body style="margin:0">
<div style="width:${SIZE}px;height:${SIZE}px;background:${color};position:relative;overflow:hidden;font-family:'DejaVu Sans',sans-serif">
<div style="position:absolute;left:75px;top:35px;width:150px;height:150px;border-radius:50%;background:#ffffff;opacity:.45"></div>
<div style="position:absolute;left:20px;right:20px;bottom:24px;height:76px;border-radius:12px;background:#ffffff;display:flex;align-items:center;justify-content:center;text-align:center;font-weight:bold;font-size:22px;line-height:1.15;color:#222222;padding:0 10px">${escape(name)}</div>
</div></body></html>`;
}

/** Chromium favours speed over size: the same pixels, deflated again at the highest level. */
function recompressPng(png: Buffer): Buffer {
  const chunks: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    chunks.push({
      type: png.toString('latin1', at + 4, at + 8),
      data: png.subarray(at + 8, at + 8 + length),
    });
    at += 12 + length;
  }
  const pixels = zlib.inflateSync(
    Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)),
  );
  const idat = zlib.deflateSync(pixels, { level: 9, memLevel: 9 });
  const out: Buffer[] = [png.subarray(0, 8)];
  let wroteIdat = false;
  for (const chunk of chunks) {
    // Only what a browser needs: header, pixels, end (no text or time chunks).
    if (chunk.type === 'IDAT') {
      if (wroteIdat) continue;
      wroteIdat = true;
      out.push(pngChunk('IDAT', idat));
    } else if (chunk.type === 'IHDR' || chunk.type === 'IEND') {
      out.push(pngChunk(chunk.type, chunk.data));
    }
  }
  return Buffer.concat(out);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE } });
    const dir = path.join(here, 'images');
    fs.mkdirSync(dir, { recursive: true });
    for (const [file, { name, color }] of imageFiles()) {
      await page.setContent(html(name, color));
      const jpg = file.endsWith('.jpg');
      const shot = await page.screenshot({
        type: jpg ? 'jpeg' : 'png',
        ...(jpg ? { quality: 55 } : {}),
        clip: { x: 0, y: 0, width: SIZE, height: SIZE },
      });
      const buffer = jpg ? shot : recompressPng(shot);
      fs.writeFileSync(path.join(dir, file), buffer);
      process.stdout.write(`${file} ${buffer.length} bytes\n`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
