/**
 * Which fields of a stored product name the media the store keeps (issue 31), with the field's
 * name in the product resource: one place for the media sync and the local API's product media.
 */
import type { DocumentKind, MediaKind } from '../../src-shared/media.js';

/** Picture sizes kept: `md` for the product page, `sm` for lists (spec §2.1 widths 800 and 300 px). */
export const PICTURE_FIELDS = [
  ['primary', 'md'],
  ['primary', 'sm'],
  ['dimension', 'md'],
  ['dimension', 'sm'],
] as const;

/** The size of a collection's image set kept as its thumbnail (spec §2.5; `sm` is 300 px wide, §2.1). */
export const COLLECTION_THUMBNAIL_SIZE = 'sm';

/**
 * The URL of a stored collection's thumbnail (its `image` column: the image set as received, JSON),
 * or null when it names none.
 */
export function collectionThumbnailUrl(image: string | null): string | null {
  if (image === null) return null;
  try {
    const set = JSON.parse(image) as Record<string, unknown> | null;
    const url = set?.[COLLECTION_THUMBNAIL_SIZE];
    return typeof url === 'string' && url !== '' ? url : null;
  } catch {
    // Not an image set: nothing to keep.
    return null;
  }
}

/** Stored document column → the resource's field and its kind (spec §2.6). */
export const DOCUMENT_FIELDS: readonly { stored: string; field: string; kind: DocumentKind }[] = [
  { stored: 'spec_sheet_pdf', field: 'spec_sheet.pdf', kind: 'spec_sheet' },
  { stored: 'installation_guide_pdf', field: 'installation_guide.pdf', kind: 'installation_guide' },
  { stored: 'owners_manual', field: 'owners_manual', kind: 'owners_manual' },
  { stored: 'spec_sheet_dwg', field: 'spec_sheet.dwg', kind: 'drawings' },
  { stored: 'installation_guide_dwg', field: 'installation_guide.dwg', kind: 'drawings' },
  { stored: 'installation_guide_pdf_french', field: 'installation_guide.pdf_french', kind: 'translated_guides' },
  { stored: 'installation_guide_pdf_spanish', field: 'installation_guide.pdf_spanish', kind: 'translated_guides' },
];

export interface ProductMediaUrl {
  field: string;
  url: string;
  kind: MediaKind;
  document_kind: DocumentKind | null;
}

/** The media URLs of one stored product (its `images` and `documents` JSON), in display order. */
export function productMediaUrls(row: { images: string; documents: string }): ProductMediaUrl[] {
  const out: ProductMediaUrl[] = [];
  const parse = (text: string): Record<string, unknown> => {
    try {
      const v = JSON.parse(text) as unknown;
      return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };
  const images = parse(row.images);
  for (const [set, size] of PICTURE_FIELDS) {
    const lib = images[set] as Record<string, unknown> | null | undefined;
    const url = lib && typeof lib[size] === 'string' ? (lib[size] as string) : null;
    if (url) out.push({ field: `images.${set}.${size}`, url, kind: 'picture', document_kind: null });
  }
  const docs = parse(row.documents);
  for (const d of DOCUMENT_FIELDS) {
    const url = docs[d.stored];
    if (typeof url === 'string' && url !== '') out.push({ field: d.field, url, kind: 'document', document_kind: d.kind });
  }
  return out;
}
