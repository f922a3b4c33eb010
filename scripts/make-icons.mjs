/**
 * Draws the app icon set (build/icons/NxN.png, 16–1024 px) with no image tools: a blue tile with
 * a white interceptor (a tank with two baffles and an inlet and outlet pipe). Run once after a
 * change of design: `node scripts/make-icons.mjs`; electron-builder takes the PNGs (Linux uses
 * the folder, Windows and macOS convert the largest).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const SIZES = [16, 32, 48, 64, 128, 256, 512, 1024];
const out = path.resolve(import.meta.dirname, '../build/icons');

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(size, pixel) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) raw.set(pixel((x + 0.5) / size, (y + 0.5) / size), y * (size * 4 + 1) + 1 + x * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

const BLUE = [29, 78, 216, 255];
const WHITE = [255, 255, 255, 255];
const NONE = [0, 0, 0, 0];
const inRect = (x, y, x0, y0, x1, y1) => x >= x0 && x <= x1 && y >= y0 && y <= y1;
function pixel(x, y) {
  // A rounded tile.
  const r = 0.18;
  const cx = Math.min(Math.max(x, r), 1 - r);
  const cy = Math.min(Math.max(y, r), 1 - r);
  if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) return NONE;
  const wall = 0.045;
  const tank = inRect(x, y, 0.2, 0.38, 0.8, 0.78) && !inRect(x, y, 0.2 + wall, 0.38 + wall, 0.8 - wall, 0.78 - wall);
  const baffles = inRect(x, y, 0.4, 0.38, 0.4 + wall, 0.66) || inRect(x, y, 0.6 - wall, 0.5, 0.6, 0.78);
  const pipes = inRect(x, y, 0.08, 0.44, 0.2, 0.44 + wall) || inRect(x, y, 0.8, 0.5, 0.92, 0.5 + wall);
  const water = inRect(x, y, 0.2 + wall, 0.56, 0.8 - wall, 0.78 - wall);
  if (tank || baffles || pipes) return WHITE;
  if (water) return [147, 197, 253, 255];
  return BLUE;
}

fs.mkdirSync(out, { recursive: true });
for (const size of SIZES) fs.writeFileSync(path.join(out, `${size}x${size}.png`), png(size, pixel));
console.log(`wrote ${SIZES.length} icons to ${out}`);
