/** The main window's size and position between starts, and only where a screen still shows it. */
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_WINDOW_STATE, readWindowState, writeWindowState } from '../../src-main/electron/window-state.js';
import { tempDir } from '../helpers/api-server.js';

const dir = tempDir('fieldsizer-window-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const laptop = [{ x: 0, y: 0, width: 1920, height: 1080 }];
const withMonitor = [...laptop, { x: 1920, y: 0, width: 2560, height: 1440 }];

describe('window state', () => {
  it('starts with the default size, then comes back where it was left', () => {
    expect(readWindowState(dir, laptop)).toEqual(DEFAULT_WINDOW_STATE);
    writeWindowState(dir, { x: 100, y: 80, width: 1400, height: 900, maximized: false });
    expect(readWindowState(dir, laptop)).toEqual({ x: 100, y: 80, width: 1400, height: 900, maximized: false });
  });

  it('keeps the size but not a position on a monitor that is gone', () => {
    writeWindowState(dir, { x: 2200, y: 100, width: 1600, height: 1000, maximized: true });
    expect(readWindowState(dir, withMonitor)).toMatchObject({ x: 2200, y: 100 });
    expect(readWindowState(dir, laptop)).toEqual({ width: 1600, height: 1000, maximized: true });
  });

  it('ignores a damaged file and sizes below the minimum', () => {
    fs.writeFileSync(`${dir}/window-state.json`, '{not json');
    expect(readWindowState(dir, laptop)).toEqual(DEFAULT_WINDOW_STATE);
    writeWindowState(dir, { width: 10, height: 10, maximized: false });
    expect(readWindowState(dir, laptop)).toEqual({ width: 900, height: 600, maximized: false });
  });
});
