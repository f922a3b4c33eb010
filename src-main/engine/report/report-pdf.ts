/**
 * The sizing report as a submittal a plan reviewer can check and an engineer can sign (issues 14,
 * 30). Page 1 answers first: the recommended unit with its rating, capacities, connections and
 * dimensions, the rule that governed it in one sentence with its source, the pump-out cycle, the
 * project and site, the rep and the engineer of record. Then the kitchen's inputs and the fixture
 * schedule as a table, the calculation sheet as compact tables grouped by what they decide (flow,
 * volume, grease and pump-out, selection: formula, values, result and a citation each), the
 * sources with their addresses and dates read, the unit's data sheet (data-sheet.ts), a
 * disclaimer and a sign-off block; "Page n of N" on every page and a DRAFT watermark on drafts.
 *
 * The words, rows and cells come from src-shared/report-content.ts, the same as the report
 * screen's; this file lays them out on paper.
 *
 * Metric (`units`): figures are printed exactly as the screen shows them (display-units.ts: the
 * same conversions and rounding from the US figures, lengths in mm as the editor takes them),
 * with the US figure the code's formula works in beside each step's figures; the formulas stay as
 * the codes write them. Dates in the one format of dates.ts.
 */
import PDFDocument from 'pdfkit';
import { REPORT_DISCLAIMER } from '../../../src-shared/report-words.js';
import {
  answerRows,
  calculationSheet,
  fixtureSchedule,
  fixtureScheduleTitle,
  kitchenRows,
  letterhead,
  NO_FIXTURES,
  noUnitSuggestions,
  projectRows,
  REPORT_TITLE,
  reportFooter,
  reportSubtitle,
  sheetIntro,
  SIGN_OFF_TITLES,
  signOff,
  sources,
  unitHeadline,
} from '../../../src-shared/report-content.js';
import type { Product } from '../../../src-shared/api/catalog.js';
import type { Project } from '../../../src-shared/api/people.js';
import type { SizingResponse } from '../../../src-shared/api/sizing.js';
import type { RepProfile } from './rep-profile.js';
import { renderDataSheet } from './data-sheet.js';
import { BOLD, FONT_FILES, FOOTER, heading, INK, layout, learnGlyphs, LINE, MARGIN, MUTED, pairs, printable, REGULAR, table, type Doc } from './pdf-kit.js';

export type ReportUnits = 'standard' | 'metric';

export interface ReportData {
  project: Project;
  sizing: SizingResponse;
  product: Product | null;
  rep: RepProfile;
  /** When the report was made (printed on it). */
  made: Date;
  units: ReportUnits;
  appVersion: string;
  /** Print the unit's list price (the rep's choice; off unless asked for). */
  showPrice?: boolean;
  /** A picture of the unit kept offline, shown on the data sheet instead of the drawing (issue 31 keeps them). */
  dimensionImage?: Buffer;
}

/** Renders the report; resolves with the PDF's bytes. */
export function renderReportPdf(data: ReportData): Promise<Buffer> {
  const { project: p, sizing, product, rep, units } = data;
  const doc: Doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: `Sizing report: ${p.name}`, Author: rep.company || rep.name || 'Fieldsizer', Subject: 'Grease interceptor sizing', Creator: `Fieldsizer ${data.appVersion}` },
  });
  doc.registerFont(REGULAR, FONT_FILES[REGULAR]);
  doc.registerFont(BOLD, FONT_FILES[BOLD]);
  learnGlyphs(doc);
  doc.font(REGULAR);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const l = layout(doc);
  const { width } = l;
  const text = (s: string, options: PDFKit.Mixins.TextOptions = {}) => doc.text(printable(s), MARGIN, doc.y, { width, ...options });
  const r = sizing.recommendation;

  // --- Letterhead -------------------------------------------------------------------------------
  const head = letterhead(rep);
  doc.font(BOLD).fontSize(10).fillColor(MUTED);
  text(head.title);
  doc.font(REGULAR).fontSize(8.5);
  if (!head.blank) text(head.contact ?? ' ');
  doc.moveDown(0.5).font(BOLD).fontSize(16).fillColor(INK);
  text(REPORT_TITLE);
  doc.fontSize(13);
  text(p.name);
  doc.font(REGULAR).fontSize(8.5).fillColor(MUTED);
  text(reportSubtitle(p, data.made, units));
  doc.fillColor(INK);

  // --- The answer ---------------------------------------------------------------------------------
  heading(l, 'Recommended unit', 80);
  if (!r.product) {
    doc.font(BOLD).fontSize(10);
    text(unitHeadline(sizing, units));
    doc.font(REGULAR).fontSize(9);
    for (const s of noUnitSuggestions(sizing, units)) text(`• ${s}`);
  } else {
    const boxTop = doc.y;
    doc.font(BOLD).fontSize(11).fillColor(INK);
    text(unitHeadline(sizing, units));
    doc.font(REGULAR).fontSize(9).moveDown(0.2);
    pairs(l, answerRows(sizing, product, units), 120);
    doc.rect(MARGIN - 6, boxTop - 4, width + 12, doc.y - boxTop + 8).strokeColor(LINE).lineWidth(0.8).stroke();
    doc.y += 6;
  }

  heading(l, 'Project and site');
  pairs(l, projectRows(p, sizing, rep));

  // --- Inputs and the fixture schedule ----------------------------------------------------------
  heading(l, 'Kitchen and installation');
  pairs(l, kitchenRows(p, sizing, units));

  heading(l, fixtureScheduleTitle(sizing));
  if (sizing.fixtures.length === 0) text(NO_FIXTURES);
  else {
    const schedule = fixtureSchedule(sizing, units);
    table(l, schedule.columns, schedule.rows);
    doc.moveDown(0.3).font(REGULAR).fontSize(7.5).fillColor(MUTED);
    for (const n of schedule.notes) {
      const t = printable(n);
      l.keep(doc.heightOfString(t, { width }) + 1);
      doc.text(t, MARGIN, doc.y, { width });
    }
    doc.fillColor(INK).fontSize(9);
  }

  // --- Calculation sheet ------------------------------------------------------------------------
  heading(l, 'Calculation sheet', 90);
  doc.fontSize(8).fillColor(MUTED);
  text(sheetIntro(units));
  doc.fillColor(INK).moveDown(0.2);
  for (const t of calculationSheet(sizing, units)) {
    l.keep(50);
    doc.moveDown(0.3).font(BOLD).fontSize(9.5).fillColor(INK);
    text(t.title);
    doc.moveDown(0.1);
    table(l, t.columns, t.rows);
  }

  // --- Sources ----------------------------------------------------------------------------------
  heading(l, 'Rules and sources');
  doc.fontSize(8.5);
  const cited = sources(sizing, units);
  text(cited.summary);
  doc.moveDown(0.3);
  for (const item of cited.items) {
    const line = `• ${item}`;
    l.keep(doc.heightOfString(line, { width }) + 2);
    text(line);
  }
  doc.fontSize(9);

  // --- The unit's data sheet --------------------------------------------------------------------
  if (r.product) {
    renderDataSheet(doc, l, { sizing, product, units, showPrice: data.showPrice === true, dimensionImage: data.dimensionImage });
  }

  // --- Disclaimer and sign-off ------------------------------------------------------------------
  heading(l, 'Disclaimer and sign-off', 150);
  doc.fontSize(8).fillColor(MUTED);
  text(REPORT_DISCLAIMER);
  doc.fontSize(9).fillColor(INK);
  doc.moveDown(0.8);
  l.keep(95);
  const top = doc.y;
  const half = (width - 20) / 2;
  const block = (x: number, title: string, who: string) => {
    doc.font(BOLD).fontSize(8.5).text(title, x, top, { width: half });
    doc.font(REGULAR).fontSize(9).text(printable(who), x, doc.y, { width: half });
    const lineAt = (label: string, y: number) => {
      doc.moveTo(x, y).lineTo(x + half, y).strokeColor(MUTED).lineWidth(0.6).stroke();
      doc.fontSize(8).fillColor(MUTED).text(label, x, y + 2, { width: half });
      doc.fontSize(9).fillColor(INK);
    };
    lineAt('Signature', top + 48);
    lineAt('Date', top + 78);
  };
  const names = signOff(p, rep);
  block(MARGIN, SIGN_OFF_TITLES.preparedBy, names.preparedBy);
  block(MARGIN + half + 20, SIGN_OFF_TITLES.engineer, names.engineer);
  doc.x = MARGIN;
  doc.y = top + 95;

  // --- On every page: page numbers and the draft watermark --------------------------------------
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing in the margin must not start a new page
    if (p.status === 'Draft') {
      doc.save();
      doc.rotate(-35, { origin: [doc.page.width / 2, doc.page.height / 2] });
      doc.font(BOLD).fontSize(110).fillColor('#c0392b').fillOpacity(0.1);
      doc.text('DRAFT', 0, doc.page.height / 2 - 60, { width: doc.page.width, align: 'center', lineBreak: false });
      doc.restore();
    }
    doc.font(REGULAR).fontSize(7.5).fillColor(MUTED).fillOpacity(1);
    doc.text(printable(reportFooter(p, data.made, data.appVersion)), MARGIN, doc.page.height - MARGIN, {
      width: width - 80,
      lineBreak: false,
      ellipsis: true,
      height: 10,
    });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, MARGIN + width - 80, doc.page.height - MARGIN, { width: 80, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottomMargin;
  }
  doc.end();
  return done;
}
