/**
 * The recommended unit's dimension picture for the report's data sheet, when the sync kept one
 * (the media store, issue 31). Only PNG and JPEG: what pdfkit embeds; any other kind, a missing
 * or unreadable file, and the data sheet draws the unit from its dimensions instead.
 */
import fs from 'node:fs';
import type { z } from 'zod';
import type { productImageLibrary } from '../../../src-shared/api/common.js';

export interface KeptMedia {
  cachedFile(url: string): string | null;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

export function keptDimensionPicture(images: z.infer<typeof productImageLibrary>, media: KeptMedia): Buffer | null {
  // The larger of the two sizes the media store keeps first.
  for (const url of [images.dimension.md, images.dimension.sm]) {
    if (!url) continue;
    const file = media.cachedFile(url);
    if (!file) continue;
    try {
      const bytes = fs.readFileSync(file);
      if (bytes.subarray(0, 4).equals(PNG) || bytes.subarray(0, 3).equals(JPEG)) return bytes;
    } catch {
      // Evicted or removed since it was listed: the drawing stands in.
    }
  }
  return null;
}
