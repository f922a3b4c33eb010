/**
 * One product's pictures and documents as the local API describes them (issue 31): each URL
 * exactly as the product resource shows it (as received), with the path of the copy kept here
 * (`/media/<sha256>`) or null, its size and type, and why the last fetch failed. The product
 * resource itself is never altered.
 */
import type { Product } from '../../../src-shared/api/catalog.js';
import type { MediaItem, ProductMedia } from '../../../src-shared/media.js';
import type { MediaStore } from '../../store/media-store.js';
import { DOCUMENT_FIELDS, PICTURE_FIELDS } from '../../sync/media-fields.js';

export const mediaPath = (sha256: string): string => `/media/${sha256}`;

/** The media fields of a product resource, in display order. */
export function productMediaFields(product: Product): { field: string; url: string; kind: MediaItem['kind'] }[] {
  const out: { field: string; url: string; kind: MediaItem['kind'] }[] = [];
  for (const [set, size] of PICTURE_FIELDS) {
    const url = product.images[set][size];
    // The placeholder for a product without pictures is this app's own, not a picture of it.
    if (url && !url.startsWith('/assets/')) out.push({ field: `images.${set}.${size}`, url, kind: 'picture' });
  }
  const docs: Record<string, string | null> = { 'spec_sheet.pdf': product.spec_sheet.pdf, 'installation_guide.pdf': product.installation_guide.pdf, owners_manual: product.owners_manual };
  for (const d of DOCUMENT_FIELDS) {
    const url = docs[d.field];
    if (url) out.push({ field: d.field, url, kind: 'document' });
  }
  return out;
}

export function productMedia(product: Product, store: MediaStore): ProductMedia {
  const fields = productMediaFields(product);
  const rows = store.rows(fields.map((f) => f.url));
  const items = fields.map((f): MediaItem => {
    const r = rows.get(f.url);
    const kept = r?.sha256 && store.fileOf(r.sha256) ? r.sha256 : null;
    return { field: f.field, kind: f.kind, url: f.url, path: kept ? mediaPath(kept) : null, size: r?.size ?? null, content_type: r?.content_type ?? null, error: kept ? null : (r?.last_error ?? null) };
  });
  return { object: 'product-media', part_number: product.part_number, items };
}
