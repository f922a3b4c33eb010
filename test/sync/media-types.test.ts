/**
 * What the media step accepts (issue 31): a picture must be PNG, JPEG, GIF or WebP and a document
 * a PDF, by the type the server declares (or a neutral one) and by the file's own first bytes,
 * which must agree. The signatures are the formats' own: PNG (RFC 2083 §3.1, 89 50 4E 47 0D 0A
 * 1A 0A), JPEG (ITU T.81 SOI marker FF D8, then a marker FF), GIF (GIF87a / GIF89a), WebP (a RIFF
 * container of form type WEBP, RFC 9649), PDF (ISO 32000-1 §7.5.2 header "%PDF-"), DWG
 * (AutoCAD's release string AC10nn).
 */
import { describe, expect, it } from 'vitest';
import { acceptedType } from '../../src-main/sync/media-sync.js';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
const webp = Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ', 'latin1')]);
const pdf = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'latin1');
const html = Buffer.from('<!doctype html><title>Sign in</title>', 'latin1');
const dwg = Buffer.from('AC1032\0\0\0\0\0\0', 'latin1');

describe('the type of a media file', () => {
  it('takes each picture format when declared as itself, with parameters or in capitals, or with a neutral type', () => {
    expect(acceptedType('picture', 'image/png', png)).toBe('image/png');
    expect(acceptedType('picture', 'IMAGE/JPEG; charset=binary', jpeg)).toBe('image/jpeg');
    expect(acceptedType('picture', 'image/gif', gif)).toBe('image/gif');
    expect(acceptedType('picture', 'image/webp', webp)).toBe('image/webp');
    // A server that does not say: the bytes decide, and the stored type is theirs.
    expect(acceptedType('picture', 'application/octet-stream', png)).toBe('image/png');
    expect(acceptedType('picture', null, jpeg)).toBe('image/jpeg');
    expect(acceptedType('document', 'application/pdf', pdf, 'spec_sheet')).toBe('application/pdf');
    expect(acceptedType('document', 'binary/octet-stream', pdf, 'owners_manual')).toBe('application/pdf');
    expect(acceptedType('document', 'application/acad', dwg, 'drawings')).toBe('image/vnd.dwg');
  });

  it('refuses a web page, an SVG (it can carry scripts), a PDF for a picture, a picture for a document', () => {
    expect(() => acceptedType('picture', 'text/html; charset=utf-8', html)).toThrow(/text\/html, not a picture/);
    expect(() => acceptedType('picture', 'image/svg+xml', svg)).toThrow(/image\/svg\+xml, not a picture/);
    expect(() => acceptedType('picture', 'application/octet-stream', svg)).toThrow(/not a PNG, JPEG, GIF or WebP picture/);
    expect(() => acceptedType('picture', 'application/pdf', pdf)).toThrow(/not a picture/);
    expect(() => acceptedType('document', 'image/png', png, 'spec_sheet')).toThrow(/not a PDF/);
    expect(() => acceptedType('document', 'application/octet-stream', html, 'spec_sheet')).toThrow(/not a PDF/);
    // A DWG is only taken where drawings are asked for.
    expect(() => acceptedType('document', 'image/vnd.dwg', dwg, 'spec_sheet')).toThrow(/not a PDF/);
  });

  it('refuses a file whose bytes say another type than its answer', () => {
    expect(() => acceptedType('picture', 'image/png', jpeg)).toThrow(/says image\/png but the file is image\/jpeg/);
    expect(() => acceptedType('picture', 'image/jpeg', png)).toThrow(/says image\/jpeg but the file is image\/png/);
    expect(() => acceptedType('document', 'application/pdf', html, 'spec_sheet')).toThrow(/not a PDF/);
    // Too short to show any format.
    expect(() => acceptedType('picture', 'image/png', Buffer.from([0x89, 0x50]))).toThrow(/not a PNG, JPEG, GIF or WebP picture/);
  });
});
