import type { CSSProperties } from 'react';
import { HEADER } from '../../common/layout';
import type { HeaderImageView } from '../../common/site';
import { withParams } from './media-url';

/** SPEC 9's extra large breakpoint: wider screens stretch this variant. */
const DESKTOP_WIDTH = 1920;

/**
 * The page's header image with its title and text. The picture is decoration behind the text, so
 * it is a CSS background from the transform endpoint: 600 px wide below the small breakpoint
 * (SPEC 9), 1920 px above it, both as WebP. The title is not a heading: the page title below stays
 * the first heading of the page.
 */
export function HeaderImage({ image }: { image: HeaderImageView }) {
  const style = image.imageUrl
    ? ({
        '--header-image-mobile': `url("${withParams(image.imageUrl, { width: HEADER.mobileImageBaseWidth, format: 'webp' })}")`,
        '--header-image': `url("${withParams(image.imageUrl, { width: DESKTOP_WIDTH, format: 'webp' })}")`,
      } as CSSProperties)
    : undefined;
  return (
    <section className="header-image" data-has-image={image.imageUrl ? true : undefined} style={style}>
      <div className="container header-image-text" lang={image.lang}>
        <p className="header-image-title">{image.title}</p>
        {image.text ? <p className="header-image-subtitle">{image.text}</p> : null}
      </div>
    </section>
  );
}
