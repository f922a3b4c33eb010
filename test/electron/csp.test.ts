/** The Content-Security-Policy the app's windows get. */
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, parseCsp, withCsp } from '../../src-main/electron/csp.js';

describe('content security policy', () => {
  const policy = parseCsp(contentSecurityPolicy());

  it('is strict: self by default, no inline or eval scripts, no plugins, no framing', () => {
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https:']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    const text = contentSecurityPolicy();
    expect(text).not.toContain('unsafe-inline');
    expect(text).not.toContain('unsafe-eval');
    expect(text).not.toMatch(/\*/);
  });

  it('while developing, scripts still have no unsafe-inline: only the dev preamble hash and the HMR socket are added', () => {
    const hash = 'sha256-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG=';
    const dev = parseCsp(contentSecurityPolicy({ devServerUrl: 'http://localhost:5173', devScriptHashes: [hash, "'unsafe-inline'", 'https://cdn.example.com'] }));
    expect(dev.get('script-src')).toEqual(["'self'", `'${hash}'`]);
    expect(dev.get('connect-src')).toEqual(["'self'", 'ws://localhost:5173']);
    for (const name of ['script-src', 'default-src', 'script-src-elem', 'script-src-attr']) {
      expect(dev.get(name) ?? [], name).not.toContain("'unsafe-inline'");
    }
  });

  it('replaces whatever policy a response carries', () => {
    const headers = withCsp({ 'content-security-policy': ["default-src *"], 'Content-Type': 'text/html', 'X-One': 'single' }, "default-src 'self'");
    expect(headers).toEqual({ 'Content-Type': ['text/html'], 'X-One': ['single'], 'Content-Security-Policy': ["default-src 'self'"] });
    expect(withCsp(undefined, 'x')).toEqual({ 'Content-Security-Policy': ['x'] });
  });
});
