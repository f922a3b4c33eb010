/**
 * The thumbnails of product types and collections in the catalog's tree (issue 31): the copy the
 * sync keeps on this computer; else a plain tile (never a broken image box), each saying in its
 * tooltip that its picture is not kept here, and one line under the tree saying so plainly, with
 * the size when known, and offering to fetch them while online.
 */
import { useState } from 'react';
import type { CatalogThumbnail, CatalogThumbnails } from '../../../../src-shared/media';
import { count } from '../../../../src-shared/plural';
import placeholder from '../../placeholder-thumbnail.svg';
import { call, messageOf } from '../../transport/bridge';
import { useCatalog } from '../../stores/catalog-store';
import { describeSize, useCanFetch } from './ProductMedia';

/** A type's or collection's thumbnail; decorative (the button beside it names the type). */
export function Thumbnail(props: { item: CatalogThumbnail | undefined; name: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const kept = props.item?.path && failed !== props.item.path ? props.item.path : null;
  if (kept) return <img className="thumb" src={kept} alt="" width={48} height={32} data-source="kept" onError={() => setFailed(kept)} />;
  const size = props.item && props.item.size !== null ? ` (${describeSize(props.item.size)})` : '';
  const title = props.item ? `The picture of ${props.name} is not kept on this computer${size}.` : `The catalog has no picture of ${props.name}.`;
  return <img className="thumb" src={placeholder} alt="" title={title} width={48} height={32} data-source="placeholder" />;
}

/** The thumbnails not kept here (named by the catalog, with no local copy). */
export function missingThumbnails(thumbnails: CatalogThumbnails | null): CatalogThumbnail[] {
  if (!thumbnails) return [];
  return [...thumbnails.product_types, ...thumbnails.collections].filter((t) => t.path === null);
}

/** One line under the tree: how many thumbnails are not kept here, and a way to fetch them while online. */
export function ThumbnailsNote() {
  const thumbnails = useCatalog((s) => s.thumbnails);
  const reload = useCatalog((s) => s.reloadThumbnails);
  const canFetch = useCanFetch();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const missing = missingThumbnails(thumbnails);
  if (missing.length === 0) return null;
  const known = missing.filter((m) => m.size !== null);
  const bytes = known.reduce((sum, m) => sum + (m.size ?? 0), 0);
  const fetchAll = async () => {
    setState({ busy: true, error: null });
    let error: string | null = null;
    // One at a time: a rep's fetch shares the link with whatever else runs.
    for (const m of missing) {
      try {
        await call('media.fetch', { url: m.url });
      } catch (e) {
        error ??= messageOf(e);
      }
    }
    await reload();
    setState({ busy: false, error });
  };
  return (
    <p className="muted thumb-note" data-testid="thumbnails-not-kept">
      {count(missing.length, 'picture')} of types and collections {missing.length === 1 ? 'is' : 'are'} not kept on this computer
      {known.length > 0 ? ` (${known.length === missing.length ? '' : 'at least '}${describeSize(bytes)})` : ''}; shown: a plain tile.{' '}
      {canFetch ? (
        <button type="button" className="link" disabled={state.busy} onClick={() => void fetchAll()}>
          {state.busy ? 'Fetching…' : missing.length === 1 ? 'Fetch it now' : 'Fetch them now'}
        </button>
      ) : (
        'A sync fetches them when you are online.'
      )}
      {state.error && (
        <span role="alert" className="field-error">
          {' '}
          {state.error}
        </span>
      )}
    </p>
  );
}
