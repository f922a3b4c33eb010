/**
 * The product list, virtualized: only the rows in view (plus a few) are in the DOM, so 10,000
 * products scroll as smoothly as 100. Arrow keys move between rows; Enter opens one.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCatalog } from '../../stores/catalog-store';
import { paths } from '../../router';

const ROW_HEIGHT = 52;

export function ProductList(props: { selected: string | null }) {
  const products = useCatalog((s) => s.products);
  const ready = useCatalog((s) => s.listReady);
  const loading = useCatalog((s) => s.listLoading);
  const scroller = useRef<HTMLDivElement>(null);
  /** The row the keyboard is on; set at once, while the focus follows a frame later. */
  const cursor = useRef(-1);
  useEffect(() => {
    // A new list: the old position means nothing in it.
    cursor.current = -1;
  }, [products]);
  // No compiler memoizes this component, so the virtualizer's fresh functions are read each render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: products.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });

  const focusRow = (index: number) => {
    const clamped = Math.max(0, Math.min(products.length - 1, index));
    cursor.current = clamped;
    virtualizer.scrollToIndex(clamped, { align: 'auto' });
    // The row may only exist after the scroll renders it.
    requestAnimationFrame(() => scroller.current?.querySelector<HTMLAnchorElement>(`a[data-index="${clamped}"]`)?.focus());
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const focused = Number((document.activeElement as HTMLElement | null)?.dataset.index ?? -1);
    const current = cursor.current >= 0 ? cursor.current : focused;
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? ROW_HEIGHT) / ROW_HEIGHT) - 1);
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page };
    if (e.key in moves) focusRow(current < 0 ? 0 : current + moves[e.key]!);
    else if (e.key === 'Home') focusRow(0);
    else if (e.key === 'End') focusRow(products.length - 1);
    else return;
    e.preventDefault();
  };

  return (
    <div ref={scroller} className="product-list" data-testid="product-list" data-ready={ready ? 'true' : undefined} aria-busy={loading} onKeyDown={onKeyDown}>
      <div role="list" aria-label="Products" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const p = products[item.index]!;
          const selected = props.selected === p.part_number;
          return (
            <div
              key={p.id}
              role="listitem"
              aria-setsize={products.length}
              aria-posinset={item.index + 1}
              className={`product-row${selected ? ' selected' : ''}`}
              style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
            >
              <a
                href={paths.product(p.part_number, p.store_id)}
                data-index={item.index}
                aria-current={selected ? 'page' : undefined}
                onFocus={() => (cursor.current = item.index)}
              >
                <span className="part">{p.part_number}</span>
                <span className="name">{p.name}</span>
                <span className="type muted">{p.type}</span>
                <span className="flow" data-testid="row-flow">
                  {p.rated_flow_gpm !== null ? `${p.rated_flow_gpm.toLocaleString('en-US')} GPM` : ''}
                  {p.liquid_capacity_gal !== null ? `${p.rated_flow_gpm !== null ? ' · ' : ''}${p.liquid_capacity_gal.toLocaleString('en-US')} gal` : ''}
                </span>
                <span className="price">${p.list_price}</span>
              </a>
            </div>
          );
        })}
      </div>
    </div>
  );
}
