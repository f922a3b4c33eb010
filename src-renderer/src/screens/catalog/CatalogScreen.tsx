/** The catalog: product types and collections, the (virtualized) product list, and a product. */
import { useEffect } from 'react';
import { count } from '../../../../src-shared/plural';
import type { ProductType } from '../../../../src-shared/api/catalog';
import type { CatalogThumbnail } from '../../../../src-shared/media';
import { Field } from '../../components/Field';
import { ErrorNotice } from '../../components/Notice';
import { useCatalog } from '../../stores/catalog-store';
import { Thumbnail, ThumbnailsNote } from './CatalogThumbnails';
import { ProductDetail } from './ProductDetail';
import { ProductList } from './ProductList';

export function CatalogScreen(props: { modelNumber: string | null; storeId: string | null }) {
  const { types, collections, thumbnails, filter, filterErrors, total, listError, listLoading, setFilter, loadTree, loadProducts } = useCatalog();

  useEffect(() => {
    void loadTree();
    void loadProducts();
  }, [loadTree, loadProducts]);

  const roots = types.filter((t) => t.parent === null);
  const byParent = (key: string) => types.filter((t) => t.parent?.key === key);
  const typeThumb = new Map((thumbnails?.product_types ?? []).map((t) => [t.key, t]));
  const collectionThumb = new Map((thumbnails?.collections ?? []).map((t) => [t.key, t]));

  return (
    <section className="screen catalog" aria-labelledby="catalog-title">
      <header className="screen-header">
        <h1 id="catalog-title">Catalog</h1>
      </header>
      <div className="catalog-columns">
        <nav className="type-tree" aria-label="Product types">
          <button type="button" className={`tree-item${!filter.type && !filter.collection ? ' active' : ''}`} onClick={() => setFilter({ type: null, collection: null })}>
            All products
          </button>
          <ul>
            {roots.map((t) => (
              <TypeNode key={t.key} type={t} childrenOf={byParent} thumbOf={(key) => typeThumb.get(key)} active={filter.type} onPick={(key) => setFilter({ type: key, collection: null })} />
            ))}
          </ul>
          <h2 className="tree-heading">Collections</h2>
          <ul>
            {collections.map((c) => (
              <li key={c.key}>
                <button
                  type="button"
                  className={`tree-item${filter.collection === c.key ? ' active' : ''}`}
                  aria-pressed={filter.collection === c.key}
                  onClick={() => setFilter({ collection: c.key, type: null })}
                >
                  <Thumbnail item={collectionThumb.get(c.key)} name={c.name} />
                  <span>
                    {c.name} <span className="muted">({c.size})</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <ThumbnailsNote />
        </nav>
        <div className="product-pane">
          <form role="search" className="catalog-filters" onSubmit={(e) => e.preventDefault()}>
            <Field label="Search products" className="grow">
              {(p) => <input {...p} type="search" placeholder="Model number, name, type…" value={filter.query} onChange={(e) => setFilter({ query: e.target.value })} />}
            </Field>
            <div className="row">
              <Field label="Rated flow from (GPM)" error={filterErrors.min_flow}>
                {(p) => <input {...p} inputMode="decimal" size={5} value={filter.min_flow} onChange={(e) => setFilter({ min_flow: e.target.value })} />}
              </Field>
              <Field label="to (GPM)" error={filterErrors.max_flow}>
                {(p) => <input {...p} inputMode="decimal" size={5} value={filter.max_flow} onChange={(e) => setFilter({ max_flow: e.target.value })} />}
              </Field>
              <Field label="Grease at least (lb)" error={filterErrors.min_grease}>
                {(p) => <input {...p} inputMode="decimal" size={5} value={filter.min_grease} onChange={(e) => setFilter({ min_grease: e.target.value })} />}
              </Field>
              <Field label="Liquid at least (gal)" error={filterErrors.min_liquid}>
                {(p) => <input {...p} inputMode="decimal" size={5} value={filter.min_liquid} onChange={(e) => setFilter({ min_liquid: e.target.value })} />}
              </Field>
              <Field label="Installation">
                {(p) => (
                  <select {...p} value={filter.installation} onChange={(e) => setFilter({ installation: e.target.value as typeof filter.installation })}>
                    <option value="">Any</option>
                    <option value="indoors">Indoors</option>
                    <option value="indoors-buried">Indoors, buried</option>
                    <option value="outdoors">Outdoors</option>
                    <option value="outdoors-buried">Outdoors, buried</option>
                    <option value="traffic">Traffic area</option>
                  </select>
                )}
              </Field>
              <Field label="Sort by">
                {(p) => (
                  <select {...p} value={filter.sort} onChange={(e) => setFilter({ sort: e.target.value as typeof filter.sort })}>
                    <option value="relevance">Best match</option>
                    <option value="part-number">Model number</option>
                    <option value="flow">Rated flow</option>
                    <option value="grease">Grease capacity</option>
                    <option value="liquid">Liquid capacity</option>
                    <option value="price">Price</option>
                  </select>
                )}
              </Field>
              <Field label="Order">
                {(p) => (
                  <select {...p} value={filter.direction} disabled={filter.sort === 'relevance'} title={filter.sort === 'relevance' ? 'Best match has no order to choose' : undefined} onChange={(e) => setFilter({ direction: e.target.value as typeof filter.direction })}>
                    <option value="asc">{filter.sort === 'part-number' ? 'A to Z' : 'Smallest first'}</option>
                    <option value="desc">{filter.sort === 'part-number' ? 'Z to A' : 'Largest first'}</option>
                  </select>
                )}
              </Field>
            </div>
          </form>
          <p className="count" aria-live="polite">
            {listLoading && total === 0 ? 'Loading…' : count(total, 'product')}
          </p>
          <ErrorNotice message={listError} action={{ label: 'Retry', run: () => void loadProducts() }} />
          <ProductList selected={props.modelNumber} />
        </div>
        <div className="detail-pane">{props.modelNumber ? <ProductDetail modelNumber={props.modelNumber} storeId={props.storeId} /> : <p className="muted">Choose a product to see its details.</p>}</div>
      </div>
    </section>
  );
}

function TypeNode(props: { type: ProductType; childrenOf: (key: string) => ProductType[]; thumbOf: (key: string) => CatalogThumbnail | undefined; active: string | null; onPick: (key: string) => void }) {
  const children = props.childrenOf(props.type.key);
  return (
    <li>
      <button type="button" className={`tree-item${props.active === props.type.key ? ' active' : ''}`} aria-pressed={props.active === props.type.key} onClick={() => props.onPick(props.type.key)}>
        <Thumbnail item={props.thumbOf(props.type.key)} name={props.type.name} />
        <span>{props.type.name}</span>
      </button>
      {children.length > 0 && (
        <ul>
          {children.map((c) => (
            <TypeNode key={c.key} type={c} childrenOf={props.childrenOf} thumbOf={props.thumbOf} active={props.active} onPick={props.onPick} />
          ))}
        </ul>
      )}
    </li>
  );
}
