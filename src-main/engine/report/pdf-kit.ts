/**
 * The report's typesetting parts on pdfkit: the embedded fonts, text a font can print, tables
 * whose rows are kept whole (the header repeats on a new page), and label/value pairs.
 *
 * Text is set in DejaVu Sans Condensed (the npm package dejavu-fonts-ttf, Bitstream Vera licence:
 * free to redistribute), embedded, so "≥", "−", "→", "¼", Greek, Cyrillic … print as written; the
 * 14 standard PDF fonts cover Latin-1 only. A character the font has no glyph for (an emoji in a
 * project name) is printed in a text form, "[emoji U+1F32E]", never as an empty box.
 */
import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';

export type Doc = InstanceType<typeof PDFDocument>;

export const MARGIN = 54;
export const FOOTER = 30;
export const INK = '#1f2933';
export const MUTED = '#52606d';
export const LINE = '#cbd2d9';
export const SHADE = '#f0f4f8';
export const REGULAR = 'Body';
export const BOLD = 'Body-Bold';

const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);
export const FONT_FILES = { [REGULAR]: fontFile('DejaVuSansCondensed.ttf'), [BOLD]: fontFile('DejaVuSansCondensed-Bold.ttf') };

type Glyphs = { hasGlyphForCodePoint(cp: number): boolean };
let glyphs: Glyphs | null = null;

/**
 * Reads which characters the body font prints: pdfkit loads the TrueType file with fontkit and
 * keeps it as `font` on its embedded-font object (pdfkit has no public call for it). Called once
 * the fonts are registered; the same file serves every document.
 */
export function learnGlyphs(doc: Doc): void {
  if (glyphs) return;
  doc.font(REGULAR);
  const embedded = (doc as unknown as { _font?: { font?: Partial<Glyphs> } })._font?.font;
  if (typeof embedded?.hasGlyphForCodePoint === 'function') glyphs = embedded as Glyphs;
}
const font = (): Glyphs => glyphs ?? { hasGlyphForCodePoint: () => true };

/** Joiners and selectors that only shape an emoji: dropped with it. */
const SHAPING = (cp: number): boolean => cp === 0x200d || cp === 0xfe0e || cp === 0xfe0f || (cp >= 0x1f3fb && cp <= 0x1f3ff);

/** The text with every character the font cannot print in a text form (never an empty box). */
export function printable(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x250 || font().hasGlyphForCodePoint(cp)) out += ch;
    else if (SHAPING(cp)) continue;
    else out += `[${/\p{Extended_Pictographic}/u.test(ch) ? 'emoji ' : ''}U+${cp.toString(16).toUpperCase().padStart(4, '0')}]`;
  }
  return out;
}

export interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

export interface Layout {
  doc: Doc;
  width: number;
  bottom(): number;
  /** Moves to a new page when `height` points do not fit on this one. */
  keep(height: number): void;
}

export function layout(doc: Doc): Layout {
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  return {
    doc,
    width,
    bottom,
    keep(height: number) {
      if (doc.y + height > bottom()) doc.addPage();
    },
  };
}

/** A section heading with a rule under it; moves to a new page unless some of the section fits. */
export function heading(l: Layout, title: string, room = 60): void {
  const { doc } = l;
  l.keep(room);
  doc.moveDown(0.6).font(BOLD).fontSize(12).fillColor(INK);
  doc.text(printable(title), MARGIN, doc.y, { width: l.width });
  const y = doc.y + 2;
  doc.moveTo(MARGIN, y).lineTo(MARGIN + l.width, y).strokeColor(LINE).lineWidth(0.7).stroke();
  doc.y = y + 5;
  doc.font(REGULAR).fontSize(9).fillColor(INK);
}

/** Label/value rows, each kept whole. */
export function pairs(l: Layout, rows: [string, string][], labelWidth = 140, x = MARGIN, width = l.width): void {
  const { doc } = l;
  for (const [label, raw] of rows) {
    const value = printable(raw);
    doc.font(REGULAR);
    const h = Math.max(doc.heightOfString(value, { width: width - labelWidth }), doc.heightOfString(label, { width: labelWidth - 8 })) + 2;
    l.keep(h);
    const y = doc.y;
    doc.font(BOLD).fillColor(MUTED).text(label, x, y, { width: labelWidth - 8 });
    doc.font(REGULAR).fillColor(INK).text(value, x + labelWidth, y, { width: width - labelWidth });
    doc.y = Math.max(doc.y, y + h);
  }
  doc.x = MARGIN;
}

/**
 * A table: header row shaded, rows kept whole, the header repeated at the top of a new page.
 * A row may carry a note, printed across the full width under it.
 */
export function table(l: Layout, columns: Column[], rows: { cells: string[]; note?: string | null; bold?: boolean }[], fontSize = 7.5): void {
  const { doc } = l;
  const pad = 2.5;
  const total = columns.reduce((s, c) => s + c.width, 0);
  const scale = l.width / total;
  const widths = columns.map((c) => c.width * scale);
  const cellHeight = (cells: string[]) => Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: widths[i]! - 2 * pad }))) + 2 * pad;
  const drawHeader = () => {
    doc.font(BOLD).fontSize(fontSize);
    const h = cellHeight(columns.map((c) => c.title));
    const y = doc.y;
    doc.rect(MARGIN, y, l.width, h).fill(SHADE);
    let x = MARGIN;
    columns.forEach((c, i) => {
      doc.fillColor(MUTED).text(c.title, x + pad, y + pad, { width: widths[i]! - 2 * pad, align: c.align ?? 'left' });
      x += widths[i]!;
    });
    doc.y = y + h;
    doc.fillColor(INK);
  };
  doc.fontSize(fontSize);
  doc.font(BOLD);
  const headerHeight = cellHeight(columns.map((c) => c.title));
  l.keep(headerHeight + 24);
  drawHeader();
  for (const row of rows) {
    const cells = row.cells.map(printable);
    const note = row.note ? printable(row.note) : null;
    doc.font(row.bold ? BOLD : REGULAR).fontSize(fontSize);
    const h = cellHeight(cells);
    doc.font(REGULAR).fontSize(fontSize - 0.5);
    const noteHeight = note ? doc.heightOfString(note, { width: l.width - 2 * pad - 10 }) + pad : 0;
    if (doc.y + h + noteHeight > l.bottom()) {
      doc.addPage();
      drawHeader();
    }
    const y = doc.y;
    let x = MARGIN;
    doc.font(row.bold ? BOLD : REGULAR).fontSize(fontSize).fillColor(INK);
    cells.forEach((c, i) => {
      doc.text(c, x + pad, y + pad, { width: widths[i]! - 2 * pad, align: columns[i]!.align ?? 'left' });
      x += widths[i]!;
    });
    let end = y + h;
    if (note) {
      doc.font(REGULAR).fontSize(fontSize - 0.5).fillColor(MUTED).text(note, MARGIN + pad + 10, end - pad / 2, { width: l.width - 2 * pad - 10 });
      end += noteHeight;
      doc.fillColor(INK);
    }
    doc.moveTo(MARGIN, end).lineTo(MARGIN + l.width, end).strokeColor(LINE).lineWidth(0.4).stroke();
    doc.y = end;
  }
  doc.x = MARGIN;
  doc.font(REGULAR).fontSize(9);
}
