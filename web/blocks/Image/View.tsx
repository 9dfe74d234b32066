import { type CSSProperties, useCallback, useState } from 'react';
import { Link } from 'react-router';
import { isLocalLink } from '../../../common/urls';
import type { BlockViewProps } from '../registry';

/**
 * An uploaded image at the size the screen needs (srcset through the transform endpoint). Until it
 * has loaded, the tiny placeholder variant shows blurred in its place; width and height keep the
 * space, so nothing shifts when it arrives. A link, when set, wraps the image (the alt text names it).
 */
export function ImageBlock({ block }: BlockViewProps<'image'>) {
  const image = block.data;
  const [loaded, setLoaded] = useState(false);
  // An image that loaded before hydration fires no load event React hears: check on mount.
  const imageRef = useCallback((element: HTMLImageElement | null) => {
    if (element?.complete && element.naturalWidth > 0) setLoaded(true);
  }, []);
  const style = {
    '--image-placeholder': `url("${image.placeholder}")`,
    ...(image.width && image.height ? { '--image-aspect-ratio': `${image.width} / ${image.height}` } : {}),
  } as CSSProperties;
  const picture = (
    <span className="image-block-frame" data-loaded={loaded || undefined} style={style}>
      <img
        ref={imageRef}
        src={image.src}
        srcSet={image.srcSet}
        sizes={image.sizes}
        alt={image.alt}
        width={image.width ?? undefined}
        height={image.height ?? undefined}
        loading="lazy"
        decoding="async"
        onLoad={() => setLoaded(true)}
      />
    </span>
  );
  return (
    <figure className="image-block" data-size={image.size}>
      {image.href ? (
        isLocalLink(image.href) ? (
          <Link to={image.href} className="image-block-link">
            {picture}
          </Link>
        ) : (
          <a href={image.href} className="image-block-link">
            {picture}
          </a>
        )
      ) : (
        picture
      )}
      {image.caption ? <figcaption className="image-block-caption">{image.caption}</figcaption> : null}
    </figure>
  );
}
