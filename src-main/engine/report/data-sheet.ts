/**
 * The recommended unit's data sheet in the report: a dimension drawing (plan and elevation drawn
 * with vectors from the catalog's dimensions, inlet and outlet marked with the catalog's
 * connections) or, when one is given, a picture of the unit kept offline (`dimensionImage`, the
 * media store of issue 31 supplies it); the unit's figures; accessories and flow control with
 * their part numbers; certifications; the list price only when the rep chose to print it. The
 * words and rows come from src-shared/report-content.ts, as on the report screen.
 */
import { lengthText, type UnitSystem } from '../../../src-shared/display-units.js';
import type { Product } from '../../../src-shared/api/catalog.js';
import type { SizingResponse } from '../../../src-shared/api/sizing.js';
import {
  ACCESSORIES_TITLE,
  accessoryTable,
  arrangementLine,
  dataSheetRows,
  dataSheetTitle,
  drawingConnection,
  NO_ACCESSORIES,
  NO_DRAWING,
  WHY_THIS_UNIT,
  whyThisUnit,
} from '../../../src-shared/report-content.js';
import { BOLD, heading, INK, LINE, MARGIN, MUTED, pairs, printable, REGULAR, table, type Doc, type Layout } from './pdf-kit.js';

export interface DataSheetInput {
  sizing: SizingResponse;
  product: Product | null;
  units: UnitSystem;
  showPrice: boolean;
  /** A picture of the unit (PNG or JPEG bytes); the drawing is made from the dimensions without it. */
  dimensionImage?: Buffer;
}

const DRAWING_WIDTH = 250;
const DRAWING_HEIGHT = 230;

export function renderDataSheet(doc: Doc, l: Layout, input: DataSheetInput): void {
  const { sizing, product, units } = input;
  const title = dataSheetTitle(sizing);
  if (title === null) return;
  heading(l, title, DRAWING_HEIGHT + 60);
  const top = doc.y;

  // Left: the picture or the drawing.
  if (input.dimensionImage) {
    doc.image(input.dimensionImage, MARGIN, top, { fit: [DRAWING_WIDTH, DRAWING_HEIGHT] });
  } else if (product?.base_dimensions) {
    const d = product.base_dimensions.standard;
    drawUnit(doc, MARGIN, top, { length: d.length.value, width: d.width.value, height: d.height.value }, units, drawingConnection(product));
  } else {
    doc.rect(MARGIN, top, DRAWING_WIDTH, 80).strokeColor(LINE).stroke();
    doc.font(REGULAR).fontSize(8).fillColor(MUTED).text(NO_DRAWING, MARGIN + 8, top + 30, { width: DRAWING_WIDTH - 16 });
  }

  // Right: the unit's figures.
  const x = MARGIN + DRAWING_WIDTH + 16;
  const w = l.width - DRAWING_WIDTH - 16;
  doc.y = top;
  doc.font(REGULAR).fontSize(8.5).fillColor(INK);
  pairs(l, dataSheetRows(sizing, product, units, input.showPrice), 88, x, w);
  doc.y = Math.max(doc.y, top + (product?.base_dimensions || input.dimensionImage ? DRAWING_HEIGHT : 80)) + 8;

  // Why this unit.
  const reasons = whyThisUnit(sizing, units);
  if (reasons.length > 0) {
    doc.font(BOLD).fontSize(9.5).fillColor(INK).text(WHY_THIS_UNIT, MARGIN, doc.y, { width: l.width });
    doc.font(REGULAR).fontSize(8.5);
    for (const reason of reasons) {
      const t = printable(`• ${reason}`);
      l.keep(doc.heightOfString(t, { width: l.width }) + 1);
      doc.text(t, MARGIN, doc.y, { width: l.width });
    }
    doc.moveDown(0.4);
  }

  // Accessories and flow control.
  doc.font(BOLD).fontSize(9.5).text(ACCESSORIES_TITLE, MARGIN, doc.y, { width: l.width });
  doc.moveDown(0.2);
  const accessories = accessoryTable(sizing, units);
  if (accessories.rows.length === 0) {
    doc.font(REGULAR).fontSize(8.5).text(NO_ACCESSORIES, MARGIN, doc.y, { width: l.width });
  } else {
    table(l, accessories.columns, accessories.rows, 8);
  }
  const arrangement = arrangementLine(sizing);
  if (arrangement) doc.moveDown(0.3).font(REGULAR).fontSize(8.5).text(printable(arrangement), MARGIN, doc.y, { width: l.width });
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
