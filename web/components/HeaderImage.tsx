import type { CSSProperties } from 'react';
import { HEADER } from '../../common/layout';
import type { HeaderImageView } from '../../common/site';

const DESKTOP_WIDTH = 1920;

/**
 * The page's header image with its title and text. The picture is decoration behind the text, so
 * it is a CSS background: 600 px wide below the small breakpoint (SPEC 9), 1920 px above it. The
 * title is not a heading: the page title below stays the first heading of the page.
 */
export function HeaderImage({ image }: { image: HeaderImageView }) {
  const style = image.imageUrl
    ? ({
        '--header-image-mobile': `url("${image.imageUrl}?width=${HEADER.mobileImageBaseWidth}")`,
        '--header-image': `url("${image.imageUrl}?width=${DESKTOP_WIDTH}")`,
      } as CSSProperties)
    : undefined;
  return (
    <section className="header-image" data-has-image={image.imageUrl ? true : undefined} style={style}>
      <div className="container header-image-text">
        <p className="header-image-title">{image.title}</p>
        {image.text ? <p className="header-image-subtitle">{image.text}</p> : null}
      </div>
    </section>
  );
}
