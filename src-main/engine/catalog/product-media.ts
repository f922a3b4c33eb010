/**
 * The pictures and documents of the catalog as the local API describes them (issue 31): each URL
 * exactly as the resource shows it (as received), with the path of the copy kept here
 * (`/media/<sha256>`) or null, its size and type, and why the last fetch failed. One product's
 * media, and the thumbnails of the product types and collections. The resources themselves are
 * never altered.
 */
import type { Kysely } from 'kysely';
import type { Product, ProductType } from '../../../src-shared/api/catalog.js';
import type { CatalogThumbnail, CatalogThumbnails, MediaItem, ProductMedia } from '../../../src-shared/media.js';
import type { MediaStore } from '../../store/media-store.js';
import type { Database } from '../../store/schema.js';
import { COLLECTION_THUMBNAIL_SIZE, collectionThumbnailUrl, DOCUMENT_FIELDS, PICTURE_FIELDS } from '../../sync/media-fields.js';

export const mediaPath = (sha256: string): string => `/media/${sha256}`;

/** The placeholder a resource without a picture shows is this app's own, not a picture of it. */
const ownPlaceholder = (url: string) => url.startsWith('/assets/');

type MediaField = { field: string; url: string; kind: MediaItem['kind'] };

/** The media fields of a product resource, in display order. */
export function productMediaFields(product: Product): MediaField[] {
  const out: MediaField[] = [];
  for (const [set, size] of PICTURE_FIELDS) {
    const url = product.images[set][size];
    if (url && !ownPlaceholder(url)) out.push({ field: `images.${set}.${size}`, url, kind: 'picture' });
  }
  const docs: Record<string, string | null> = {
    'spec_sheet.pdf': product.spec_sheet.pdf,
    'spec_sheet.dwg': product.spec_sheet.dwg,
    'installation_guide.pdf': product.installation_guide.pdf,
    'installation_guide.dwg': product.installation_guide.dwg,
    'installation_guide.pdf_french': product.installation_guide.pdf_french,
    'installation_guide.pdf_spanish': product.installation_guide.pdf_spanish,
    owners_manual: product.owners_manual,
  };
  for (const d of DOCUMENT_FIELDS) {
    const url = docs[d.field];
    if (url) out.push({ field: d.field, url, kind: 'document' });
  }
  return out;
}

/** Each field with what the store keeps of its URL. */
function mediaItems<F extends MediaField>(fields: F[], store: MediaStore): (F & MediaItem)[] {
  const rows = store.rows(fields.map((f) => f.url));
  return fields.map((f) => {
    const r = rows.get(f.url);
    const kept = r?.sha256 && store.fileOf(r.sha256) ? r.sha256 : null;
    return { ...f, path: kept ? mediaPath(kept) : null, size: r?.size ?? null, content_type: r?.content_type ?? null, error: kept ? null : (r?.last_error ?? null) };
  });
}

export function productMedia(product: Product, store: MediaStore): ProductMedia {
  const items = mediaItems(productMediaFields(product), store).map(({ field, kind, url, path, size, content_type, error }): MediaItem => ({ field, kind, url, path, size, content_type, error }));
  return { object: 'product-media', part_number: product.part_number, items };
}

/**
 * The thumbnail of every product type the catalog lists (with the types listed only inside their
 * parent's `types`) and of every collection; a type or collection without a picture of its own
 * (the app's placeholder) has no entry.
 */
export async function catalogThumbnails(types: readonly ProductType[], db: Kysely<Database>, store: MediaStore): Promise<CatalogThumbnails> {
  const typeFields = new Map<string, MediaField & { key: string }>();
  for (const t of types) {
    for (const x of [t, ...t.types]) {
      if (!typeFields.has(x.key) && x.image && !ownPlaceholder(x.image)) typeFields.set(x.key, { key: x.key, field: 'image', url: x.image, kind: 'picture' });
    }
  }
  const collections = await db.selectFrom('collections').select(['key', 'image']).orderBy('name').execute();
  const collectionFields = collections.flatMap((c) => {
    const url = collectionThumbnailUrl(c.image);
    return url && !ownPlaceholder(url) ? [{ key: c.key, field: `image.${COLLECTION_THUMBNAIL_SIZE}`, url, kind: 'picture' as const }] : [];
  });
  const shape = ({ key, field, kind, url, path, size, content_type, error }: CatalogThumbnail): CatalogThumbnail => ({ key, field, kind, url, path, size, content_type, error });
  return {
    object: 'catalog-thumbnails',
    product_types: mediaItems([...typeFields.values()], store).map(shape),
    collections: mediaItems(collectionFields, store).map(shape),
  };
}
