/** The agreement with the renderer's report view, and the file name offered for the PDF. */
import { describe, expect, it } from 'vitest';
import { projectIdFromUrl, readReportState, reportFileName, reportRoute } from '../../src-main/electron/report-route.js';

describe('report PDF', () => {
  it('loads the report view of one project', () => {
    expect(reportRoute(42)).toBe('/report/42');
  });

  it('offers a file name from the page title without path or reserved characters', () => {
    expect(reportFileName('Joe’s Diner — Main St', 7)).toBe('Joe’s Diner — Main St sizing report.pdf');
    expect(reportFileName('../../etc/passwd', 7)).toBe('etc passwd sizing report.pdf');
    expect(reportFileName('a:b*c?"d<e>f|g\\h\u0000i', 7)).toBe('a b c d e f g h i sizing report.pdf');
    expect(reportFileName('', 7)).toBe('Fieldsizer project 7 sizing report.pdf');
    expect(reportFileName(null, 7)).toBe('Fieldsizer project 7 sizing report.pdf');
    expect(reportFileName('Fieldsizer', 7)).toBe('Fieldsizer project 7 sizing report.pdf');
    expect(reportFileName('x'.repeat(300), 7)).toBe(`${'x'.repeat(120)} sizing report.pdf`);
  });

  it('finds the project the main window shows, for the menu item', () => {
    expect(projectIdFromUrl('file:///opt/Fieldsizer/out/renderer/index.html#/projects/12')).toBe(12);
    expect(projectIdFromUrl('http://localhost:5173/#/report/7')).toBe(7);
    expect(projectIdFromUrl('http://localhost:5173/#/projects/7?tab=sizing')).toBe(7);
    expect(projectIdFromUrl('http://localhost:5173/#/projects/new')).toBeNull();
    expect(projectIdFromUrl('http://localhost:5173/#/projects')).toBeNull();
    expect(projectIdFromUrl('http://localhost:5173/#/projects/0')).toBeNull();
    expect(projectIdFromUrl('http://localhost:5173/#/catalog/product/12')).toBeNull();
    expect(projectIdFromUrl('not a url')).toBeNull();
  });

  it('reads what the report view answers, whatever the page returns', () => {
    expect(readReportState({ state: 'ready', title: 'Diner' })).toEqual({ state: 'ready', title: 'Diner' });
    expect(readReportState({ state: 'error', title: null })).toEqual({ state: 'error', title: null });
    expect(readReportState({ state: 'maybe', title: 4 })).toEqual({ state: null, title: null });
    expect(readReportState('ready')).toEqual({ state: null, title: null });
    expect(readReportState(null)).toEqual({ state: null, title: null });
  });
});
