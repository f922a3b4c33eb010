/**
 * A dimension drawing made from a product's own figures (issue 31): its base dimensions as a
 * side view (length × height) over a plan view (length × width), each side labelled, to scale.
 * Shown where no picture of the product is kept on this computer (the embedded data set, before
 * any sync), so the catalog never shows an empty box. Pure: an SVG string, no network, no DOM.
 */

export interface DrawingDimensions {
  length: number;
  width: number;
  height: number;
  /** The unit the figures are in ("in", "cm"). */
  unit: string;
}

const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const figure = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** For the report's data sheet: the sides labelled as the report writes lengths, and the inlet and outlet marked, as the PDF draws them. */
export interface DrawingOptions {
  labels?: { length: string; width: string; height: string };
  /** Mark IN and OUT on the side view, with the connection's name under the drawing (null: not listed). */
  inletOutlet?: { connection: string | null };
}

/** The drawing as an SVG document (600 × 400 view box), or null when a dimension is not a positive number. */
export function dimensionDrawingSvg(d: DrawingDimensions, title: string, options: DrawingOptions = {}): string | null {
  if (![d.length, d.width, d.height].every((v) => Number.isFinite(v) && v > 0)) return null;
  const W = 600;
  const H = 400;
  const margin = 70;
  // One scale for both views: the length across, height and width stacked.
  const scale = Math.min((W - 2 * margin) / d.length, (H - 2 * margin - 40) / (d.height + d.width));
  const l = d.length * scale;
  const h = d.height * scale;
  const w = d.width * scale;
  const x = (W - l) / 2;
  const side = margin;
  const plan = side + h + 40;
  const label = (text: string, lx: number, ly: number, rotate = false) =>
    `<text x="${lx.toFixed(1)}" y="${ly.toFixed(1)}" font-size="30" text-anchor="middle"${rotate ? ` transform="rotate(-90 ${lx.toFixed(1)} ${ly.toFixed(1)})"` : ''}>${esc(text)}</text>`;
  const u = d.unit;
  // label() escapes what it writes.
  const text = options.labels ?? { length: `${figure(d.length)} ${u}`, width: `${figure(d.width)} ${u}`, height: `${figure(d.height)} ${u}` };
  const io = options.inletOutlet;
  // Inlet and outlet a little below the top of the side view, with the flow's direction.
  const pipeY = side + Math.min(h * 0.2, 24);
  const arrow = (from: number, to: number) => {
    const dir = Math.sign(to - from);
    return `<line x1="${from.toFixed(1)}" y1="${pipeY.toFixed(1)}" x2="${to.toFixed(1)}" y2="${pipeY.toFixed(1)}" stroke="#23313f" stroke-width="4"/><polygon points="${to.toFixed(1)},${pipeY.toFixed(1)} ${(to - 12 * dir).toFixed(1)},${(pipeY - 8).toFixed(1)} ${(to - 12 * dir).toFixed(1)},${(pipeY + 8).toFixed(1)}"/>`;
  };
  const marks = io
    ? [
        arrow(x - 50, x),
        arrow(x + l, x + l + 50),
        `<text x="${(x - 30).toFixed(1)}" y="${(pipeY - 12).toFixed(1)}" font-size="22" text-anchor="middle">IN</text>`,
        `<text x="${(x + l + 30).toFixed(1)}" y="${(pipeY - 12).toFixed(1)}" font-size="22" text-anchor="middle">OUT</text>`,
        io.connection ? `<text x="${W / 2}" y="${H - 8}" font-size="20" text-anchor="middle">${esc(io.connection)}</text>` : '',
      ]
    : [];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(title)}" font-family="sans-serif" fill="#23313f">`,
    `<title>${esc(title)}</title>`,
    `<rect width="${W}" height="${H}" fill="#eef1f4"/>`,
    `<rect x="${x.toFixed(1)}" y="${side}" width="${l.toFixed(1)}" height="${h.toFixed(1)}" fill="#c9d6e2" stroke="#23313f" stroke-width="2"/>`,
    `<rect x="${x.toFixed(1)}" y="${plan.toFixed(1)}" width="${l.toFixed(1)}" height="${w.toFixed(1)}" fill="#dde6ee" stroke="#23313f" stroke-width="2" stroke-dasharray="6 4"/>`,
    label(text.length, W / 2, side - 14),
    label(text.height, x - (io ? 60 : 20), side + h / 2, true),
    label(text.width, x + l + 34, plan + w / 2, true),
    label('Side', x + l / 2, side + h / 2 + 10),
    label('Plan', x + l / 2, plan + w / 2 + 10),
    ...marks,
    '</svg>',
  ].join('');
}

/** The drawing as a data: URL for an <img> (the app's Content-Security-Policy allows data: images). */
export function dimensionDrawingUrl(d: DrawingDimensions, title: string, options: DrawingOptions = {}): string | null {
  const svg = dimensionDrawingSvg(d, title, options);
  return svg === null ? null : `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
