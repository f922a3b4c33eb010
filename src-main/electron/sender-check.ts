/**
 * Which IPC calls are answered: only those sent by the top frame of one of the app's own
 * windows, showing one of the app's own pages. Pure (no electron import) so it is tested with
 * fake events; the shapes are the parts of Electron's IpcMainInvokeEvent it reads.
 */
import { isAppUrl, type AppLocation } from './app-url.js';

export interface FrameLike {
  url: string;
  processId: number;
  routingId: number;
  /** The parent frame; null for a top frame. */
  parent: unknown;
}

export interface SenderEventLike {
  sender: { id: number };
  /** null / undefined when the frame navigated away or was destroyed before the call arrived. */
  senderFrame: FrameLike | null | undefined;
}

/** A window the app opened itself: its webContents and that webContents' main frame. */
export interface TrustedWindow {
  webContentsId: number;
  mainFrame: { processId: number; routingId: number };
}

export function isTrustedSender(event: SenderEventLike, windows: readonly TrustedWindow[], location: AppLocation): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  const own = windows.some(
    (w) => w.webContentsId === event.sender.id && w.mainFrame.processId === frame.processId && w.mainFrame.routingId === frame.routingId,
  );
  return own && isAppUrl(frame.url, location);
}
