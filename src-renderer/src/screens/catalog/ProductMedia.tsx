/**
 * A product's picture and documents as kept on this computer (issue 31): the copy the sync keeps
 * when there is one; else a drawing made from the product's dimensions, saying plainly that the
 * picture is not kept here, with its size when known and a button to fetch it while online.
 * Documents open from the local copy (the system's viewer on the desktop, a browser tab in the
 * browser mode); one not kept here says so, with its size, and offers to fetch it when online.
 */
import { useEffect, useState } from 'react';
import type { Product } from '../../../../src-shared/api/catalog';
import type { MediaItem } from '../../../../src-shared/media';
import { dimensionDrawingUrl } from '../../../../src-shared/product-drawing';
import placeholder from '../../placeholder-product.svg';
import { call, messageOf } from '../../transport/bridge';
import { useCatalog } from '../../stores/catalog-store';
import { useSync } from '../../stores/sync-store';

/** Whether the browser says it has a network. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/** Online, with a central service to fetch from. */
export function useCanFetch(): boolean {
  const online = useOnline();
  const configured = useSync((s) => s.status !== null && s.status.state !== 'not-configured');
  return online && configured;
}

/** "1.2 MB", "86 kB". */
export function describeSize(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1e3))} kB`;
}

function FetchButton(props: { item: MediaItem; what: string }) {
  const reloadMedia = useCatalog((s) => s.reloadMedia);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const fetchNow = async () => {
    setState({ busy: true, error: null });
    try {
      await call('media.fetch', { url: props.item.url });
      await reloadMedia();
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error: messageOf(error) });
    }
  };
  return (
    <>
      <button type="button" className="link" disabled={state.busy} onClick={() => void fetchNow()}>
        {state.busy ? 'Fetching…' : `Fetch the ${props.what} now`}
      </button>
      {state.error && (
        <span role="alert" className="field-error">
          {' '}
          {state.error}
        </span>
      )}
    </>
  );
}

export function ProductPicture(props: { product: Product; units: 'standard' | 'metric' }) {
  const media = useCatalog((s) => s.media);
  const canFetch = useCanFetch();
  const p = props.product;
  const item = media?.items.find((i) => i.field === 'images.primary.md') ?? null;
  const dims = p.base_dimensions?.[props.units];
  const drawing = dims ? dimensionDrawingUrl({ length: dims.length.value, width: dims.width.value, height: dims.height.value, unit: dims.length.unit }, `Dimension drawing of ${p.name}`) : null;
  const [failed, setFailed] = useState<string | null>(null);
  const kept = item?.path && failed !== item.path ? item.path : null;
  if (kept) return <img className="product-image" src={kept} alt={`${p.name} ${p.part_number}`} data-source="kept" onError={() => setFailed(kept)} />;
  return (
    <figure className="product-figure">
      <img className="product-image" src={drawing ?? placeholder} alt={drawing ? `Dimension drawing of ${p.name}` : `${p.name} ${p.part_number}`} data-source={drawing ? 'drawing' : 'placeholder'} />
      <figcaption className="muted" data-testid="picture-not-kept">
        {item
          ? `The product picture is not kept on this computer${item.size !== null ? ` (${describeSize(item.size)})` : ''}${drawing ? '; shown: a drawing from its dimensions' : ''}.`
          : drawing
            ? 'Drawn from the catalog dimensions; no product picture is kept on this computer.'
            : 'No product picture is kept on this computer.'}{' '}
        {item && (canFetch ? <FetchButton item={item} what="picture" /> : 'It can be fetched by a sync when you are online.')}
      </figcaption>
    </figure>
  );
}

const DOCUMENT_LABELS: [string, string][] = [
  ['spec_sheet.pdf', 'Spec sheet (PDF)'],
  ['installation_guide.pdf', 'Installation guide (PDF)'],
  ['owners_manual', "Owner's manual (PDF)"],
  ['spec_sheet.dwg', 'Spec sheet (DWG)'],
  ['installation_guide.dwg', 'Installation drawing (DWG)'],
  ['installation_guide.pdf_french', 'Installation guide, French'],
  ['installation_guide.pdf_spanish', 'Installation guide, Spanish'],
];

/** The kept PDFs open here; the other documents (DWG, Revit …) are links to the manufacturer's site. */
export function Documents(props: { product: Product }) {
  const media = useCatalog((s) => s.media);
  const online = useOnline();
  const canFetch = useCanFetch();
  const [openError, setOpenError] = useState<string | null>(null);
  const p = props.product;
  const byField = new Map((media?.items ?? []).map((i) => [i.field, i]));
  const kept = DOCUMENT_LABELS.flatMap(([field, label]) => {
    const item = byField.get(field);
    return item ? [{ label, item }] : [];
  });
  const keptFields = new Set(kept.map((k) => k.item.url));
  const others: [string, string | null][] = [
    ['Spec sheet (PDF)', p.spec_sheet.pdf],
    ['Spec sheet (DWG)', p.spec_sheet.dwg],
    ['Installation guide (PDF)', p.installation_guide.pdf],
    ['Installation guide, French', p.installation_guide.pdf_french],
    ['Installation guide, Spanish', p.installation_guide.pdf_spanish],
    ['Installation drawing (DWG)', p.installation_guide.dwg],
    ['Revit family', p.revit],
    ["Owner's manual", p.owners_manual],
    ['CSI MasterSpec', p.csi_masterspec],
  ];
  const links = others.filter((d): d is [string, string] => d[1] !== null && !keptFields.has(d[1]));
  if (kept.length === 0 && links.length === 0) return null;
  const desktop = Boolean(window.api);
  const open = async (item: MediaItem) => {
    setOpenError(null);
    try {
      await call('media.open', { url: item.url });
    } catch (error) {
      setOpenError(messageOf(error));
    }
  };
  return (
    <section aria-label="Documents">
      <h3>Documents</h3>
      {kept.length > 0 && (
        <ul data-testid="documents-kept">
          {kept.map(({ label, item }) => (
            <li key={item.field}>
              {item.path ? (
                <>
                  {desktop ? (
                    <button type="button" className="link" onClick={() => void open(item)}>
                      {label}
                    </button>
                  ) : (
                    <a href={item.path} target="_blank" rel="noreferrer">
                      {label}
                    </a>
                  )}{' '}
                  <span className="muted">on this computer{item.size !== null ? `, ${describeSize(item.size)}` : ''}</span>
                </>
              ) : (
                <>
                  {label}{' '}
                  <span className="muted">
                    not kept on this computer{item.size !== null ? ` (${describeSize(item.size)})` : ''}
                    {canFetch ? '. ' : '; it can be fetched by a sync when you are online.'}
                  </span>
                  {canFetch && <FetchButton item={item} what="document" />}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {openError && <p role="alert">{openError}</p>}
      {links.length > 0 && (
        <>
          <p className="muted" data-testid="documents-network">
            {online ? "These open from the manufacturer's site and need a network connection." : 'Offline: these documents are on the manufacturer’s site and open once you are online.'}
          </p>
          <ul>
            {links.map(([label, href]) => (
              <li key={label}>
                <a href={href} target="_blank" rel="noreferrer">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
