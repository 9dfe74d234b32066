import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { isLocalLink } from '../../common/urls';

/**
 * HTML the server rendered from the editor's Tiptap JSON (never raw editor HTML). Its local links
 * are plain anchors, so a click is routed in the app instead of reloading the whole document;
 * in-page anchors (#id) are left to the browser, which scrolls smoothly to them.
 */
export function RichText({ html }: { html: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest('a');
    if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
    const href = anchor.getAttribute('href') ?? '';
    if (!isLocalLink(href)) return;
    event.preventDefault();
    void navigate(href);
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: delegates activation of the links inside, which stay keyboard operable
    // biome-ignore lint/security/noDangerouslySetInnerHtml: produced by the server's schema renderer from validated JSON
    <div className="rich-text" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
