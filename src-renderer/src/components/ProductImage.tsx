/** A product picture; offline (or when the picture is missing) the bundled placeholder instead. */
import { useState } from 'react';
import placeholder from '../placeholder-product.svg';

export function ProductImage(props: { src: string | null | undefined; alt: string; className?: string; caption?: boolean }) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = props.src && !props.src.startsWith('/assets/') && failed !== props.src;
  const image = (
    <img
      className={props.className}
      src={usable ? props.src! : placeholder}
      alt={props.alt}
      loading="lazy"
      data-placeholder={usable ? undefined : 'true'}
      onError={() => setFailed(props.src ?? null)}
    />
  );
  // A picture that could not load says why, where it is shown large.
  if (!props.caption || usable || !props.src || props.src.startsWith('/assets/')) return image;
  return (
    <figure className="product-figure">
      {image}
      <figcaption className="muted">The picture needs a network connection.</figcaption>
    </figure>
  );
}
