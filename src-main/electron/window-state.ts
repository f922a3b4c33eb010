/**
 * The main window's size and position, remembered in DATA_DIR/window-state.json between starts.
 * A saved state is used only if it still fits one of the screens now attached (a laptop taken
 * off its external monitor must not open its window off screen). Pure: the screens are passed in.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface WindowState {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

export interface ScreenArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const WINDOW_STATE_FILE = 'window-state.json';
export const DEFAULT_WINDOW_STATE: WindowState = { width: 1280, height: 860, maximized: false };
const MIN = { width: 900, height: 600 };

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export function readWindowState(dataDir: string, screens: ScreenArea[]): WindowState {
  let saved: Partial<WindowState>;
  try {
    saved = JSON.parse(fs.readFileSync(path.join(dataDir, WINDOW_STATE_FILE), 'utf8')) as Partial<WindowState>;
  } catch {
    return DEFAULT_WINDOW_STATE;
  }
  if (!isNumber(saved.width) || !isNumber(saved.height)) return DEFAULT_WINDOW_STATE;
  const width = Math.max(MIN.width, Math.round(saved.width));
  const height = Math.max(MIN.height, Math.round(saved.height));
  const maximized = saved.maximized === true;
  if (!isNumber(saved.x) || !isNumber(saved.y)) return { width, height, maximized };
  const x = Math.round(saved.x);
  const y = Math.round(saved.y);
  // At least the title bar's middle must lie on a screen.
  const visible = screens.some((s) => x + width / 2 >= s.x && x + width / 2 <= s.x + s.width && y >= s.y && y + 40 <= s.y + s.height);
  return visible ? { x, y, width, height, maximized } : { width, height, maximized };
}

export function writeWindowState(dataDir: string, state: WindowState): void {
  fs.writeFileSync(path.join(dataDir, WINDOW_STATE_FILE), JSON.stringify(state), { mode: 0o600 });
}
