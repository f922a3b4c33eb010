/** One product: picture, prices, ratings, capacities, dimensions, options → model number, links, documents. */
import { useEffect, useId } from 'react';
import { count } from '../../../../src-shared/plural';
import type { Product, SimpleProduct } from '../../../../src-shared/api/catalog';
import { MeasurePair } from '../../components/Measure';
import { ErrorNotice } from '../../components/Notice';
import { Documents, ProductPicture } from './ProductMedia';
import { useApp } from '../../stores/app-store';
import { choicesOf, useCatalog, variantFor } from '../../stores/catalog-store';
import { navigate, paths } from '../../router';

const OPTION_LABELS: Record<string, string> = { connection: 'Connection', cover: 'Cover' };
const optionLabel = (type: string) => OPTION_LABELS[type] ?? type.charAt(0).toUpperCase() + type.slice(1);

export function ProductDetail(props: { modelNumber: string; storeId: string | null }) {
  const { product, family, productLoading, productError, openProduct } = useCatalog();
  const units = useApp((s) => s.units);

  useEffect(() => {
    void openProduct(props.modelNumber, props.storeId);
  }, [props.modelNumber, props.storeId, openProduct]);

  if (productError) return <ErrorNotice message={productError} />;
  if (!product) return <p className="loading">Loading…</p>;
  const dims = product.base_dimensions?.[units];
  const shipping = product.shipping_dimensions?.[units];

  return (
    <article className={`product-detail${productLoading ? ' stale' : ''}`} aria-labelledby="product-title">
      <header>
        <p className="muted">{product.type}</p>
        <h2 id="product-title">{product.name}</h2>
        <p className="model">
          Model number <strong data-testid="model-number">{product.part_number}</strong>
          {product.base_model.is_base_model ? <span className="badge">Base model</span> : <span className="muted"> (base model {product.base_model.base_part_number})</span>}
        </p>
      </header>
      <div className="product-top">
        <ProductPicture product={product} units={units} />
        <dl className="prices">
          <dt>List price</dt>
          <dd>${product.price.list}</dd>
          <dt>Retail</dt>
          <dd>${product.price.retail.price}</dd>
          <dt>Wholesale</dt>
          <dd>${product.price.wholesale.price}</dd>
          {product.processing && (
            <>
              <dt>Lead time</dt>
              <dd>{count(product.processing.lead_time, 'working day')}</dd>
            </>
          )}
        </dl>
      </div>

      {family && family.option_types.length > 0 && (
        <section aria-label="Options">
          <h3>Options</h3>
          {family.option_types.map((type) => (
            <OptionChoice key={type} type={type} product={product} />
          ))}
        </section>
      )}

      <p>{product.description}</p>

      {product.ratings.length > 0 && (
        <section aria-label="Ratings">
          <h3>Ratings</h3>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Flow rate</th>
                <th scope="col">Grease capacity (weight)</th>
                <th scope="col">Grease capacity (volume)</th>
                <th scope="col">Note</th>
              </tr>
            </thead>
            <tbody>
              {product.ratings.map((r, i) => (
                <tr key={i}>
                  <td>
                    <MeasurePair value={r.flow_rate} />
                  </td>
                  <td>
                    <MeasurePair value={r.grease_capacity.weight} />
                  </td>
                  <td>
                    <MeasurePair value={r.grease_capacity.volume} />
                  </td>
                  <td>{r.label ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      <section aria-label="Capacities and dimensions">
        <h3>Capacities and dimensions</h3>
        <table className="kv">
          <tbody>
            <tr>
              <th scope="row">Liquid capacity</th>
              <td>
                <MeasurePair value={product.liquid_capacity} />
              </td>
            </tr>
            <tr>
              <th scope="row">Solids capacity</th>
              <td>
                <MeasurePair value={product.solids_capacity} />
              </td>
            </tr>
            {dims && (
              <tr>
                <th scope="row">Dimensions (L × W × H)</th>
                <td>
                  {dims.length.value} × {dims.width.value} × {dims.height.value} {dims.length.unit} · {dims.weight.value} {dims.weight.unit}
                </td>
              </tr>
            )}
            {shipping && (
              <tr>
                <th scope="row">Shipping</th>
                <td>
                  {shipping.length.value} × {shipping.width.value} × {shipping.height.value} {shipping.length.unit} · {shipping.weight.value} {shipping.weight.unit}
                </td>
              </tr>
            )}
            {product.installation_options && (
              <tr>
                <th scope="row">Installation</th>
                <td>
                  {product.installation_options.location_as_text}
                  {product.installation_options.traffic_area ? ' · traffic rated' : ''}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </section>

      <LinkedProducts title="Accessories" items={product.accessories.data} />
      <LinkedProducts title="Related products" items={product.related_products.data} />
      <LinkedProducts title="Compatible products" items={product.compatible_products.data} />

      {product.certifications.length > 0 && (
        <section aria-label="Certifications">
          <h3>Certifications</h3>
          <ul>
            {product.certifications.map((c) => (
              <li key={c.name}>
                {c.link ? (
                  <a href={c.link} target="_blank" rel="noreferrer">
                    {c.name}
                  </a>
                ) : (
                  c.name
                )}{' '}
                <span className="muted">{c.type}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <Documents product={product} />
    </article>
  );
}

/** One option type (connection, cover …): choosing another opens the variant that has it. */
function OptionChoice(props: { type: string; product: Product }) {
  const family = useCatalog((s) => s.family)!;
  const name = useId();
  const current = props.product.options.data.find((o) => o.option_type === props.type)?.id;
  const choices = choicesOf(family, props.type);
  return (
    <fieldset className="option-choice">
      <legend>{optionLabel(props.type)}</legend>
      {choices.map((c) => (
        <label key={c.id} className="radio">
          <input
            type="radio"
            name={name}
            checked={current === c.id}
            onChange={() => {
              const variant = variantFor(family, props.product, props.type, c.id);
              if (variant) navigate(paths.product(variant.part_number, variant.store_id));
            }}
          />
          {c.name}
        </label>
      ))}
    </fieldset>
  );
}

function LinkedProducts(props: { title: string; items: SimpleProduct[] }) {
  if (props.items.length === 0) return null;
  return (
    <section aria-label={props.title}>
      <h3>{props.title}</h3>
      <ul className="linked">
        {props.items.map((p) => (
          <li key={`${p.id}`}>
            <a href={paths.product(p.part_number, p.store_id)}>{p.name}</a> <span className="muted">{p.part_number}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
