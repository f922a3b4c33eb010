/**
 * Real picture and document bytes for the fake central service, made here (no files, no
 * network): a PNG drawn pixel by pixel, a baseline JPEG written marker by marker, and a one-page
 * PDF with its cross-reference table. Each is small and valid: Chromium shows the pictures and
 * opens the PDF. Imports nothing from the project.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A PNG (RFC 2083) of a tank on a pale ground, its colour from `seed`; `width`×`height` pixels. */
export function makePng(seed: string, width = 320, height = 200): Buffer {
  const h = crypto.createHash('sha256').update(seed).digest();
  const tank = [40 + (h[0]! % 120), 60 + (h[1]! % 120), 90 + (h[2]! % 120)];
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const inTank = x > width * 0.15 && x < width * 0.85 && y > height * 0.3 && y < height * 0.85;
      const inRiser = x > width * 0.42 && x < width * 0.58 && y > height * 0.12 && y <= height * 0.3;
      const inPipe = y > height * 0.45 && y < height * 0.55 && (x <= width * 0.15 || x >= width * 0.85);
      const c = inTank || inRiser ? tank : inPipe ? [90, 90, 90] : [236, 240, 244];
      row.set(c, 1 + x * 3);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * A baseline JPEG (ITU T.81) of one 8×8 mid-grey block: a quantisation table of ones, one
 * Huffman code each for DC category 0 and the AC end-of-block, so the scan is the two bits "00".
 * `comment` goes in a COM segment (it makes each file's bytes, and hash, its own).
 */
export function makeJpeg(comment: string): Buffer {
  const seg = (marker: number, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt16BE(0xff00 | marker, 0);
    head.writeUInt16BE(data.length + 2, 2);
    return Buffer.concat([head, data]);
  };
  const dqt = Buffer.concat([Buffer.from([0x00]), Buffer.alloc(64, 1)]);
  const sof = Buffer.from([8, 0, 8, 0, 8, 1, 1, 0x11, 0]);
  const counts = (n: number) => Buffer.from([1, ...Array<number>(15).fill(0)].map((v, i) => (i === 0 ? n : v)));
  const dhtDc = Buffer.concat([Buffer.from([0x00]), counts(1), Buffer.from([0x00])]);
  const dhtAc = Buffer.concat([Buffer.from([0x10]), counts(1), Buffer.from([0x00])]);
  const sos = Buffer.from([1, 1, 0x00, 0, 63, 0]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    seg(0xfe, Buffer.from(comment, 'latin1')),
    seg(0xdb, dqt),
    seg(0xc0, sof),
    seg(0xc4, dhtDc),
    seg(0xc4, dhtAc),
    seg(0xda, sos),
    Buffer.from([0x3f]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A one-page PDF (ISO 32000-1) with `title` as its text, its xref offsets counted. */
export function makePdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, ' ');
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A file that opens as AutoCAD's drawings do (its release, AC1032), the rest filler: enough for a type check. */
export function makeDwg(seed: string): Buffer {
  return Buffer.concat([Buffer.from('AC1032', 'latin1'), Buffer.alloc(122), crypto.createHash('sha256').update(seed).digest()]);
}

const made = new Map<string, { type: string; bytes: Buffer }>();

/** The bytes and type of a media path of the fake service (`/media/...`), chosen by its name; made once per path. */
export function mediaFor(path: string): { type: string; bytes: Buffer } {
  let file = made.get(path);
  if (!file) {
    if (path.endsWith('.dwg')) file = { type: 'image/vnd.dwg', bytes: makeDwg(path) };
    else if (path.endsWith('.pdf')) file = { type: 'application/pdf', bytes: makePdf(`Document ${decodeURIComponent(path)}`) };
    else if (path.includes('/dimension-')) file = { type: 'image/jpeg', bytes: makeJpeg(path) };
    else file = { type: 'image/png', bytes: makePng(path) };
    made.set(path, file);
  }
  return file;
}
