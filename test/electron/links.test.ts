/** Leaving the app: only http(s) links reach the system browser; navigation stays in the app. */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { appLocation } from '../../src-main/electron/app-url.js';
import { isExternalWebUrl, navigationAction, windowOpenAction } from '../../src-main/electron/links.js';

const indexFile = path.resolve('/opt/Fieldsizer/out/renderer/index.html');
const location = appLocation(null, indexFile);

describe('external links', () => {
  it('opens http and https URLs in the system browser', () => {
    for (const url of ['https://example.com/product/4055', 'http://example.com', 'HTTPS://EXAMPLE.COM/x?y#z', 'http://127.0.0.1:8737/openapi.json']) {
      expect(isExternalWebUrl(url), url).toBe(true);
      expect(windowOpenAction(url), url).toBe('open-external');
    }
  });

  it('refuses every other scheme and anything that is not a URL', () => {
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'mailto:rep@example.com',
      'smb://server/share',
      'ms-msdt:/id',
      'vscode://file/x',
      'data:text/html,hi',
      'about:blank',
      'ftp://example.com/',
      'https:',
      '//example.com/path',
      '',
      'not a url',
    ]) {
      expect(isExternalWebUrl(url), url).toBe(false);
      expect(windowOpenAction(url), url).toBe('deny');
    }
  });

  it('navigation: app pages load, web pages go to the browser, the rest is blocked', () => {
    expect(navigationAction('app://fieldsizer/index.html#/catalog', location)).toBe('allow');
    expect(navigationAction(`${pathToFileURL(indexFile).href}#/catalog`, location)).toBe('deny');
    expect(navigationAction('https://example.com/', location)).toBe('open-external');
    expect(navigationAction(pathToFileURL(path.resolve('/tmp/evil.html')).href, location)).toBe('deny');
    expect(navigationAction('javascript:alert(1)', location)).toBe('deny');
  });
});
