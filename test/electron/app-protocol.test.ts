/**
 * The app:// protocol the packaged window loads from: only files of the built renderer, with the
 * Content-Security-Policy on every answer; nothing outside the folder, nothing of another host.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { resolveAppFile } from '../../src-main/electron/app-url.js';
import { tempDir } from '../helpers/api-server.js';

vi.mock('electron', () => ({ protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() } }));
const { appResponse } = await import('../../src-main/electron/app-protocol.js');

// The renderer's folder inside a folder of the test's own: the files beside it (which no answer
// may reach) are the test's too, not left in the system's temporary folder.
const outside = tempDir('fieldsizer-renderer-');
const root = path.join(outside, 'renderer');
fs.mkdirSync(path.join(root, 'assets'), { recursive: true });
fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Fieldsizer</title>');
fs.writeFileSync(path.join(root, 'assets', 'app.js'), 'console.log(1)');
fs.writeFileSync(path.join(outside, 'secret.txt'), 'not for the page');
afterAll(() => fs.rmSync(outside, { recursive: true, force: true }));

describe('app:// protocol', () => {
  it('serves the built files with their types and the CSP', async () => {
    const page = await appResponse(root, 'app://fieldsizer/index.html#/projects', "default-src 'self'");
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(await page.text()).toContain('<title>Fieldsizer</title>');
    const script = await appResponse(root, 'app://fieldsizer/assets/app.js', 'x');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('answers nothing outside the folder or of another host', async () => {
    for (const url of ['app://fieldsizer/../secret.txt', 'app://fieldsizer/%2e%2e/secret.txt', 'app://fieldsizer/..%2fsecret.txt', 'app://other/index.html', 'file:///etc/passwd', 'app://fieldsizer/missing.js']) {
      const response = await appResponse(root, url, 'x');
      expect(response.status, url).toBe(404);
    }
    expect(resolveAppFile(root, 'app://fieldsizer/')).toBe(path.join(root, 'index.html'));
  });

  it('answers /media/<sha256> from the media store (issue 31), and nothing for another host or name', async () => {
    const sha = 'a'.repeat(64);
    const file = path.join(outside, 'kept-media.bin');
    fs.writeFileSync(file, '%PDF-1.4 kept');
    const lookup = (s: string) => (s === sha ? { file, contentType: 'application/pdf' } : null);
    const kept = await appResponse(root, `app://fieldsizer/media/${sha}`, 'x', lookup);
    expect(kept.status).toBe(200);
    expect(kept.headers.get('content-type')).toBe('application/pdf');
    expect(await kept.text()).toBe('%PDF-1.4 kept');
    for (const url of [`app://fieldsizer/media/${'b'.repeat(64)}`, `app://other/media/${sha}`, 'app://fieldsizer/media/../kept-media.bin']) {
      expect((await appResponse(root, url, 'x', lookup)).status, url).toBe(404);
    }
  });
});
