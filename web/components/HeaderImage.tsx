import type { CSSProperties } from 'react';
import { preload } from 'react-dom';
import { BREAKPOINTS } from '../../common/layout';
import { SITE_IMAGES } from '../../common/media';
import type { HeaderImageView } from '../../common/site';
import { withParams } from './media-url';

/**
 * The page's header image with its title and text. The picture is decoration behind the text, so
 * it is a CSS background from the transform endpoint: 600 px wide below the small breakpoint
 * (SPEC 9), 1920 px above it, both as WebP. The title is not a heading: the page title below stays
 * the first heading of the page.
 */
export function HeaderImage({ image }: { image: HeaderImageView }) {
  const mobileUrl = image.imageUrl
    ? withParams(image.imageUrl, { width: SITE_IMAGES.headerWidths.mobile, format: 'webp' })
    : '';
  const desktopUrl = image.imageUrl
    ? withParams(image.imageUrl, { width: SITE_IMAGES.headerWidths.desktop, format: 'webp' })
    : '';
  const style = image.imageUrl
    ? ({
        '--header-image-mobile': `url("${mobileUrl}")`,
        '--header-image': `url("${desktopUrl}")`,
      } as CSSProperties)
    : undefined;
  if (image.imageUrl) {
    // Usually the largest thing on the first screen, but as a CSS background the browser finds it
    // only after the stylesheet: preloaded from <head> at high priority, one variant per screen
    // width (the media queries of site.css), it starts with the stylesheet (issue 12, LCP).
    const small = `(min-width: ${BREAKPOINTS.small}px)`;
    preload(mobileUrl, { as: 'image', fetchPriority: 'high', media: `not all and ${small}` });
    preload(desktopUrl, { as: 'image', fetchPriority: 'high', media: small });
  }
  return (
    <section className="header-image" data-has-image={image.imageUrl ? true : undefined} style={style}>
      <div className="container header-image-text" lang={image.lang}>
        <p className="header-image-title">{image.title}</p>
        {image.text ? <p className="header-image-subtitle">{image.text}</p> : null}
      </div>
    </section>
  );
}
