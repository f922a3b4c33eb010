/** The IPC sender check, with fake events shaped like Electron's IpcMainInvokeEvent. */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { appLocation, appUrl, isAppUrl } from '../../src-main/electron/app-url.js';
import { isTrustedSender, type FrameLike, type SenderEventLike, type TrustedWindow } from '../../src-main/electron/sender-check.js';

const indexFile = path.resolve('/opt/Fieldsizer/resources/app.asar/out/renderer/index.html');
const packaged = appLocation(undefined, indexFile);
const dev = appLocation('http://localhost:5173', indexFile);
const appPage = 'app://fieldsizer/index.html';
const pageUrl = `${appPage}#/projects/3`;

const main: TrustedWindow = { webContentsId: 1, mainFrame: { processId: 10, routingId: 1 } };
const report: TrustedWindow = { webContentsId: 2, mainFrame: { processId: 11, routingId: 1 } };

function event(webContentsId: number, frame: Partial<FrameLike> | null): SenderEventLike {
  return { sender: { id: webContentsId }, senderFrame: frame === null ? null : { url: pageUrl, processId: 10, routingId: 1, parent: null, ...frame } };
}

describe('isTrustedSender', () => {
  it('answers the main window top frame showing the packaged page', () => {
    expect(isTrustedSender(event(1, {}), [main], packaged)).toBe(true);
    expect(isTrustedSender(event(1, { url: appPage }), [main], packaged)).toBe(true);
  });

  it('answers every window the app trusts (the hidden report window)', () => {
    expect(isTrustedSender(event(2, { processId: 11 }), [main, report], packaged)).toBe(true);
    expect(isTrustedSender(event(2, { processId: 11 }), [main], packaged)).toBe(false);
  });

  it('refuses a sub-frame, even of the main window', () => {
    expect(isTrustedSender(event(1, { routingId: 7, parent: { url: pageUrl } }), [main], packaged)).toBe(false);
    expect(isTrustedSender(event(1, { parent: {} }), [main], packaged)).toBe(false);
  });

  it('refuses another frame or another webContents', () => {
    expect(isTrustedSender(event(1, { routingId: 2 }), [main], packaged)).toBe(false);
    expect(isTrustedSender(event(1, { processId: 99 }), [main], packaged)).toBe(false);
    expect(isTrustedSender(event(5, {}), [main], packaged)).toBe(false);
    expect(isTrustedSender(event(1, {}), [], packaged)).toBe(false);
  });

  it('refuses a frame that is gone', () => {
    expect(isTrustedSender(event(1, null), [main], packaged)).toBe(false);
    expect(isTrustedSender({ sender: { id: 1 }, senderFrame: undefined }, [main], packaged)).toBe(false);
  });

  it('refuses the right frame showing a foreign page', () => {
    for (const url of [
      'https://evil.example.com/',
      'http://localhost:5173/',
      pathToFileURL(path.resolve('/home/user/Downloads/index.html')).href,
      pathToFileURL(path.join(path.dirname(indexFile), 'other.html')).href,
      // The built page itself over file:// is not the app any more: it is served from app:// only.
      pathToFileURL(indexFile).href,
      'app://fieldsizer/other.html',
      'app://evil/index.html',
      'file://remote-host/opt/Fieldsizer/resources/app.asar/out/renderer/index.html',
      'data:text/html,<script>1</script>',
      'about:blank',
      'not a url',
    ]) {
      expect(isTrustedSender(event(1, { url }), [main], packaged), url).toBe(false);
    }
  });

  it('while developing, answers pages of the dev server origin only', () => {
    expect(isTrustedSender(event(1, { url: 'http://localhost:5173/#/report/4' }), [main], dev)).toBe(true);
    expect(isTrustedSender(event(1, { url: 'http://localhost:5174/' }), [main], dev)).toBe(false);
    expect(isTrustedSender(event(1, { url: 'http://127.0.0.1:5173/' }), [main], dev)).toBe(false);
    expect(isTrustedSender(event(1, { url: pageUrl }), [main], dev)).toBe(false);
  });
});

describe('app URLs', () => {
  it('the window loads the packaged page or the dev server, with a hash route', () => {
    expect(appUrl(packaged)).toBe(appPage);
    expect(appUrl(packaged, '/report/12')).toBe(`${appPage}#/report/12`);
    expect(appUrl(dev, '#/report/12')).toBe('http://localhost:5173/#/report/12');
    expect(isAppUrl(appUrl(packaged, '/report/12'), packaged)).toBe(true);
    expect(isAppUrl(appUrl(dev, '/report/12'), dev)).toBe(true);
  });
});
