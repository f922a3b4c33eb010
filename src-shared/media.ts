/**
 * Pictures and documents kept for offline use (issue 31): what the sync reports of them, what the
 * local API says of one product's media, and the settings. The upstream's URLs are kept exactly
 * as received; the local copy is named by the SHA-256 of its bytes and served at `/media/<sha256>`.
 */
import { z } from 'zod';

/**
 * The document kinds the sync can keep (spec §2.6): the three PDFs, kept unless turned off, and the
 * CAD drawings (the spec sheet's and installation guide's `dwg`) and the translated installation
 * guides (`pdf_french`, `pdf_spanish`), kept only when turned on: most reps need neither offline.
 */
export const DOCUMENT_KINDS = ['spec_sheet', 'installation_guide', 'owners_manual', 'drawings', 'translated_guides'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_LABELS: Record<DocumentKind, string> = {
  spec_sheet: 'Spec sheets',
  installation_guide: 'Installation guides',
  owners_manual: "Owner's manuals",
  drawings: 'CAD drawings (DWG)',
  translated_guides: 'Installation guides in French and Spanish',
};

/** 1 GB: room for the pictures of a full catalog and most of its documents. */
export const DEFAULT_MEDIA_BUDGET_BYTES = 1_000_000_000;

export const mediaSettingsSchema = z
  .object({
    /** The most the media store may hold; documents are let go first when it is reached, pictures last. */
    budget_bytes: z.number().int().min(0).max(1_000_000_000_000),
    /** "Make available offline", per document kind (pictures are always kept). */
    documents: z
      .object({
        spec_sheet: z.boolean(),
        installation_guide: z.boolean(),
        owners_manual: z.boolean(),
        // Added later: settings saved before say nothing of them, and mean off.
        drawings: z.boolean().default(false),
        translated_guides: z.boolean().default(false),
      })
      .strict(),
  })
  .strict();
export type MediaSettings = z.infer<typeof mediaSettingsSchema>;

export const DEFAULT_MEDIA_SETTINGS: MediaSettings = {
  budget_bytes: DEFAULT_MEDIA_BUDGET_BYTES,
  documents: { spec_sheet: true, installation_guide: true, owners_manual: true, drawings: false, translated_guides: false },
};

/** The media step of the last sync, and the store's size. */
export interface MediaSyncStatus {
  /** Media the run looked at so far, of `total`. */
  done: number;
  total: number;
  /** Downloaded in full, answered "not modified" (304), failed (retried next sync). */
  fetched: number;
  unchanged: number;
  failed: number;
  /** Bytes of media downloaded by the run (0 when nothing changed). */
  bytes: number;
  /** What the store holds now. */
  store_bytes: number;
  store_files: number;
  budget_bytes: number;
}

export type MediaKind = 'picture' | 'document';

/** One picture or document of a product as the local API describes it (`GET /api/media/products/:modelNumber`). */
export interface MediaItem {
  /** Where in the product resource the URL is: `images.primary.md`, `spec_sheet.pdf`, `owners_manual` … */
  field: string;
  kind: MediaKind;
  /** The URL exactly as the central service sent it. */
  url: string;
  /** `/media/<sha256>` when a copy is kept here, else null. */
  path: string | null;
  /** Bytes of the copy, or of the last answer seen; null when never fetched. */
  size: number | null;
  content_type: string | null;
  /** Why the last fetch failed, or null. */
  error: string | null;
}

export interface ProductMedia {
  object: 'product-media';
  part_number: string;
  items: MediaItem[];
}

/** The thumbnail of a product type or a collection (spec §2.4, §2.5), as kept on this computer. */
export interface CatalogThumbnail extends MediaItem {
  /** The type's or collection's `key`. */
  key: string;
}

/** Every product type's and collection's thumbnail (`GET /api/media/thumbnails`). */
export interface CatalogThumbnails {
  object: 'catalog-thumbnails';
  product_types: CatalogThumbnail[];
  collections: CatalogThumbnail[];
}
