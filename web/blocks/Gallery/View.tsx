import { type ComponentType, type MouseEvent, useRef, useState } from 'react';
import { useTranslation } from '../../i18n';
import type { BlockViewProps } from '../registry';
import type { LightboxProps } from './Lightbox';

/** The lightbox's code: a chunk of its own, loaded when a visitor first opens an image (or hovers one). */
let loadLightbox: Promise<ComponentType<LightboxProps>> | undefined;
const lightbox = () => {
  loadLightbox ??= import('./Lightbox').then((module) => module.Lightbox);
  return loadLightbox;
};

/**
 * A grid of library images (issue 27). Each thumbnail is a plain link to the large image, so the
 * gallery works without JavaScript; with it, a click (or Enter) opens the image in the lightbox,
 * where the arrow keys move and Escape closes, the focus back on the thumbnail of the image shown.
 * This view is a chunk of its own, loaded only on pages that show a gallery (registry.tsx).
 */
export function GalleryBlock({ block }: BlockViewProps<'gallery'>) {
  const { t } = useTranslation();
  const { images, columns, sizes } = block.data;
  const [open, setOpen] = useState<number | null>(null);
  const [Lightbox, setLightbox] = useState<ComponentType<LightboxProps> | null>(null);
  const links = useRef<(HTMLAnchorElement | null)[]>([]);
  const total = images.length;

  function show(event: MouseEvent<HTMLAnchorElement>, index: number) {
    // A new tab or window, or a download, stays the browser's.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void lightbox().then((component) => {
      setLightbox(() => component);
      setOpen(index);
    });
  }

  function close(index: number) {
    setOpen(null);
    links.current[index]?.focus();
  }

  return (
    <>
      <ul className="gallery-block" data-columns={columns}>
        {images.map((image, index) => (
          <li key={image.guid} className="gallery-block-item">
            <figure className="gallery-block-figure">
              <a
                ref={(element) => {
                  links.current[index] = element;
                }}
                href={image.large}
                className="gallery-block-link"
                // A decorative image says nothing: the link is named by its place in the gallery.
                aria-label={image.alt ? undefined : t('gallery.imageOf', { number: index + 1, total })}
                onClick={(event) => show(event, index)}
                onPointerEnter={() => void lightbox()}
                onFocus={() => void lightbox()}
              >
                <img
                  src={image.thumbnail}
                  srcSet={image.thumbnailSrcSet}
                  sizes={sizes}
                  alt={image.alt}
                  width={400}
                  height={300}
                  loading="lazy"
                  decoding="async"
                />
              </a>
              {image.caption || image.credit ? (
                <figcaption className="gallery-block-caption">
                  {image.caption}
                  {image.credit ? <span className="gallery-block-credit"> {image.credit}</span> : null}
                </figcaption>
              ) : null}
            </figure>
          </li>
        ))}
      </ul>
      {Lightbox && open !== null ? (
        <Lightbox images={images} index={open} onIndex={setOpen} onClose={close} />
      ) : null}
    </>
  );
}
