/**
 * The recommended unit's data sheet in the report: a dimension drawing (plan and elevation drawn
 * with vectors from the catalog's dimensions, inlet and outlet marked with the catalog's
 * connections) or, when one is given, a picture of the unit kept offline (`dimensionImage`, the
 * media store of issue 31 supplies it); the unit's figures; accessories and flow control with
 * their part numbers; certifications; the list price only when the rep chose to print it.
 */
import { figure, lengthText, type UnitSystem } from '../../../src-shared/display-units.js';
import { count as plural } from '../../../src-shared/plural.js';
import type { Product } from '../../../src-shared/api/catalog.js';
import type { SizingResponse } from '../../../src-shared/api/sizing.js';
import { accessoryKindWords } from '../../../src-shared/sizing/jurisdiction-rules.js';
import { BOLD, heading, INK, LINE, MARGIN, MUTED, pairs, printable, REGULAR, table, type Doc, type Layout } from './pdf-kit.js';

export interface DataSheetInput {
  sizing: SizingResponse;
  product: Product | null;
  units: UnitSystem;
  showPrice: boolean;
  /** A picture of the unit (PNG or JPEG bytes); the drawing is made from the dimensions without it. */
  dimensionImage?: Buffer;
  /** The engine's sentences in the report's units. */
  say(sentence: string): string;
}

const DRAWING_WIDTH = 250;
const DRAWING_HEIGHT = 230;

export function renderDataSheet(doc: Doc, l: Layout, input: DataSheetInput): void {
  const { sizing, product, units, say } = input;
  const r = sizing.recommendation;
  if (!r.product) return;
  heading(l, `Unit data sheet: ${r.product.name}, model ${r.product.part_number}`, DRAWING_HEIGHT + 60);
  const top = doc.y;
  const connections = product?.options.data.filter((o) => o.option_type === 'connection').map((o) => o.name) ?? [];

  // Left: the picture or the drawing.
  if (input.dimensionImage) {
    doc.image(input.dimensionImage, MARGIN, top, { fit: [DRAWING_WIDTH, DRAWING_HEIGHT] });
  } else if (product?.base_dimensions) {
    const d = product.base_dimensions.standard;
    drawUnit(doc, MARGIN, top, { length: d.length.value, width: d.width.value, height: d.height.value }, units, connections[0] ?? null);
  } else {
    doc.rect(MARGIN, top, DRAWING_WIDTH, 80).strokeColor(LINE).stroke();
    doc.font(REGULAR).fontSize(8).fillColor(MUTED).text('No dimensions in the catalog: see the manufacturer’s spec sheet.', MARGIN + 8, top + 30, { width: DRAWING_WIDTH - 16 });
  }

  // Right: the unit's figures.
  const x = MARGIN + DRAWING_WIDTH + 16;
  const w = l.width - DRAWING_WIDTH - 16;
  doc.y = top;
  doc.font(REGULAR).fontSize(8.5).fillColor(INK);
  const rows: [string, string][] = [];
  if (product) {
    rows.push(['Type', product.type]);
    const rating = r.rating;
    if (rating) rows.push(['Rated flow', figure(rating.flow_gpm, 'GPM', units)], ['Grease capacity', figure(rating.grease_lbs, 'lb', units)]);
    if (product.liquid_capacity) rows.push(['Liquid capacity', figure(product.liquid_capacity.standard.value, product.liquid_capacity.standard.unit, units)]);
    if (product.solids_capacity) rows.push(['Solids capacity', figure(product.solids_capacity.standard.value, product.solids_capacity.standard.unit, units)]);
    if (product.base_dimensions) {
      const d = product.base_dimensions.standard;
      rows.push(['Length', lengthText(d.length.value, units)], ['Width', lengthText(d.width.value, units)], ['Height', lengthText(d.height.value, units)], ['Weight', figure(d.weight.value, d.weight.unit, units)]);
    }
    rows.push(['Inlet / outlet', connections.join('; ') || 'not listed in the catalog']);
    if (product.installation_options) rows.push(['Installs', product.installation_options.location_as_text + (product.installation_options.traffic_area ? '; traffic-rated' : '')]);
    rows.push(['Certifications', product.certifications.map((c) => c.name).join('; ') || 'none listed in the catalog']);
    if (product.spec_sheet.pdf) rows.push(['Manufacturer’s spec sheet', product.spec_sheet.pdf]);
    if (input.showPrice && product.price) rows.push(["List price", `$${product.price.list}`]);
  } else {
    rows.push(['Model', r.product.part_number]);
  }
  pairs(l, rows, 88, x, w);
  doc.y = Math.max(doc.y, top + (product?.base_dimensions || input.dimensionImage ? DRAWING_HEIGHT : 80)) + 8;

  // Why this unit.
  if (r.reasons.length > 0) {
    doc.font(BOLD).fontSize(9.5).fillColor(INK).text('Why this unit', MARGIN, doc.y, { width: l.width });
    doc.font(REGULAR).fontSize(8.5);
    for (const reason of r.reasons) {
      const t = printable(`• ${say(reason)}`);
      l.keep(doc.heightOfString(t, { width: l.width }) + 1);
      doc.text(t, MARGIN, doc.y, { width: l.width });
    }
    doc.moveDown(0.4);
  }

  // Accessories and flow control.
  doc.font(BOLD).fontSize(9.5).text('Accessories and flow control', MARGIN, doc.y, { width: l.width });
  doc.moveDown(0.2);
  if (sizing.recommended_accessories.length === 0) {
    doc.font(REGULAR).fontSize(8.5).text('None needed for this installation.', MARGIN, doc.y, { width: l.width });
  } else {
    table(
      l,
      [
        { title: 'Qty', width: 6, align: 'right' },
        { title: 'Item', width: 30 },
        { title: 'Part number', width: 16 },
        { title: 'Why', width: 48 },
      ],
      sizing.recommended_accessories.map((a) => ({
        cells: [
          a.quantity === null ? '—' : String(a.quantity),
          a.product ? a.product.name : `${accessoryKindWords(a.kind)}: none in this catalog fits the unit`,
          a.product ? a.product.part_number : 'order separately',
          [say(a.reason), a.note ? say(a.note) : null].filter(Boolean).join(' '),
        ],
      })),
      8,
    );
  }
  if (r.units > 1) {
    doc.moveDown(0.3).font(REGULAR).fontSize(8.5).text(printable(`${plural(r.units, 'unit')} in ${r.arrangement ?? 'parallel'}.`), MARGIN, doc.y, { width: l.width });
  }
}

/**
 * Plan (top) and elevation (side) views to one scale, with dimension lines, and the flow's
 * direction from inlet to outlet on the elevation.
 */
function drawUnit(doc: Doc, x0: number, y0: number, d: { length: number; width: number; height: number }, units: UnitSystem, connection: string | null): void {
  const gap = 34;
  const left = 26;
  const scale = Math.min((DRAWING_WIDTH - left - 40) / d.length, (DRAWING_HEIGHT - gap - 40) / (d.width + d.height));
  const L = d.length * scale;
  const W = d.width * scale;
  const H = d.height * scale;
  const x = x0 + left;
  const planY = y0 + 14;
  const elevY = planY + W + gap;
  doc.save();
  doc.font(BOLD).fontSize(7).fillColor(MUTED);
  doc.text('PLAN', x0, y0, { width: DRAWING_WIDTH, lineBreak: false });
  doc.text('ELEVATION', x0, elevY - 12, { width: DRAWING_WIDTH, lineBreak: false });
  doc.lineWidth(1).strokeColor(INK);
  doc.rect(x, planY, L, W).stroke();
  doc.rect(x, elevY, L, H).stroke();
  // Baffle and liquid line, dashed: a reminder that these are outline views.
  doc.lineWidth(0.5).dash(3, { space: 2 }).strokeColor(MUTED);
  doc.moveTo(x + L / 2, elevY + 4).lineTo(x + L / 2, elevY + H - 4).stroke();
  doc.moveTo(x + 2, elevY + H * 0.25).lineTo(x + L - 2, elevY + H * 0.25).stroke();
  doc.undash();
  // Inlet and outlet arrows on the elevation, a little below the top.
  const pipeY = elevY + Math.min(H * 0.2, 14);
  const arrow = (fromX: number, toX: number) => {
    doc.lineWidth(1.2).strokeColor(INK).moveTo(fromX, pipeY).lineTo(toX, pipeY).stroke();
    const dir = Math.sign(toX - fromX);
    doc.polygon([toX, pipeY], [toX - 5 * dir, pipeY - 3], [toX - 5 * dir, pipeY + 3]).fill(INK);
  };
  arrow(x - 22, x);
  arrow(x + L, x + L + 22);
  doc.font(REGULAR).fontSize(6.5).fillColor(INK);
  doc.text('IN', x - 22, pipeY - 10, { width: 20, lineBreak: false });
  doc.text('OUT', x + L + 6, pipeY - 11, { width: 24, lineBreak: false });
  // Dimension lines.
  const dim = (x1: number, y1: number, x2: number, y2: number, label: string, vertical: boolean) => {
    doc.lineWidth(0.5).strokeColor(MUTED).moveTo(x1, y1).lineTo(x2, y2).stroke();
    for (const [px, py] of [
      [x1, y1],
      [x2, y2],
    ] as const) {
      if (vertical) doc.moveTo(px - 3, py).lineTo(px + 3, py).stroke();
      else doc.moveTo(px, py - 3).lineTo(px, py + 3).stroke();
    }
    doc.font(REGULAR).fontSize(7).fillColor(INK);
    if (vertical) doc.text(label, x2 + 4, (y1 + y2) / 2 - 4, { width: 60, lineBreak: false });
    else doc.text(label, x1, y1 + 3, { width: x2 - x1, align: 'center', lineBreak: false });
  };
  dim(x, planY + W + 6, x + L, planY + W + 6, `L ${lengthText(d.length, units)}`, false);
  dim(x + L + 6, planY, x + L + 6, planY + W, `W ${lengthText(d.width, units)}`, true);
  dim(x + L + 6, elevY, x + L + 6, elevY + H, `H ${lengthText(d.height, units)}`, true);
  if (connection) {
    doc.font(REGULAR).fontSize(6.5).fillColor(MUTED).text(printable(connection), x0, elevY + H + 6, { width: DRAWING_WIDTH, lineBreak: false, ellipsis: true, height: 9 });
  }
  doc.restore();
  doc.fillColor(INK);
}
