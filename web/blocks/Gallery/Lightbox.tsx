import { type KeyboardEvent, useEffect, useRef } from 'react';
import type { GalleryImage } from '../../../common/blocks/gallery';
import { useTranslation } from '../../i18n';

export type LightboxProps = {
  images: GalleryImage[];
  index: number;
  onIndex(index: number): void;
  /** Closed (Escape, the close button, a click beside the image), at this image. */
  onClose(index: number): void;
};

/**
 * A gallery's images one at a time (issue 27), in a native modal <dialog>: the rest of the page is
 * inert while it is open and Tab goes round its buttons, so the focus stays inside; it is labelled by the image's place and alt
 * text. Left and right (the arrow keys or the named buttons) move, wrapping around; Escape, the
 * close button or a click on the backdrop close it. No Mantine: public pages stay small.
 */
export function Lightbox({ images, index, onIndex, onClose }: LightboxProps) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const image = images[index];
  const total = images.length;

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  if (!image) return null;
  // Closed before it is told, so the page is no longer inert when the focus goes back to it.
  const close = () => {
    dialog.current?.close();
    onClose(index);
  };
  const move = (step: number) => onIndex((index + step + total) % total);
  const place = { number: index + 1, total };
  const label = image.alt
    ? t('gallery.imageOfNamed', { ...place, alt: image.alt })
    : t('gallery.imageOf', place);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Tab') {
      // The page behind is inert; past the last button the focus goes round to the first (not to
      // the browser's own controls), and back the other way.
      const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
      const first = buttons[0];
      const last = buttons.at(-1);
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === event.currentTarget)) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first?.focus();
      }
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      move(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      move(-1);
    }
  }

  return (
    <dialog
      ref={dialog}
      className="gallery-lightbox"
      aria-modal="true"
      aria-label={label}
      onKeyDown={onKeyDown}
      // Escape: closed by us, so the focus goes to the thumbnail of the image shown.
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <div className="gallery-lightbox-bar">
        <p className="gallery-lightbox-count" aria-live="polite">
          {t('gallery.imageOf', place)}
        </p>
        {/* biome-ignore lint/a11y/noAutofocus: the dialog opens on the visitor's request; the focus goes inside it */}
        <button type="button" className="gallery-lightbox-button" autoFocus onClick={close}>
          {t('gallery.close')}
        </button>
      </div>
      <figure className="gallery-lightbox-figure">
        <img
          key={image.guid}
          src={image.large}
          srcSet={image.largeSrcSet}
          sizes="100vw"
          alt={image.alt}
          width={image.width}
          height={image.height}
        />
        {image.caption || image.credit ? (
          <figcaption className="gallery-lightbox-caption">
            {image.caption}
            {image.credit ? <span className="gallery-block-credit"> {image.credit}</span> : null}
          </figcaption>
        ) : null}
      </figure>
      {total > 1 ? (
        <div className="gallery-lightbox-nav">
          <button type="button" className="gallery-lightbox-button" onClick={() => move(-1)}>
            <span aria-hidden="true">‹ </span>
            {t('gallery.previous')}
          </button>
          <button type="button" className="gallery-lightbox-button" onClick={() => move(1)}>
            {t('gallery.next')}
            <span aria-hidden="true"> ›</span>
          </button>
        </div>
      ) : null}
    </dialog>
  );
}
