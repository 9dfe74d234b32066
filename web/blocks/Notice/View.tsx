import type { NoticeKind } from '../../../common/blocks/notice';
import { useTranslation } from '../../i18n';
import { RichText } from '../RichText';
import type { BlockViewProps } from '../registry';

/** One simple line drawing per kind, so the kind is not told by colour alone (WCAG 1.4.1). */
const ICON_PATHS: Record<NoticeKind, string> = {
  info: 'M12 11v6M12 7.5v.01M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z',
  warning:
    'M12 9v4M12 16.5v.01M10.3 4.2 2.6 17.6A2 2 0 0 0 4.3 20.5h15.4a2 2 0 0 0 1.7-2.9L13.7 4.2a2 2 0 0 0-3.4 0z',
  success: 'M8 12.5l2.7 2.7L16 9.8M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z',
};

/**
 * A notice on a page: a coloured box with an icon per kind (site.css `.notice-block`, colours that
 * keep 4.5:1). It is a `role="note"`, not a live region: `status` and `alert` are for messages that
 * appear while the visitor is on the page, and on content that is there from the start a screen
 * reader would announce every notice on every load. The kind is said in words before the title (or
 * the text), hidden from sight, since the colour and icon are not seen by everyone.
 */
export function NoticeBlock({ block }: BlockViewProps<'notice'>) {
  const { t, i18n } = useTranslation();
  const { title, html } = block.data;
  const { kind } = block.options;
  // In the page's language, also where the block shows Dutch content for want of a translation.
  const kindName = (
    <span className="visually-hidden" lang={block.contentLang ? i18n.language : undefined}>
      {t(`notice.kinds.${kind}`)}:{' '}
    </span>
  );
  const hasText = html.replace(/<p><\/p>|\s/g, '') !== '';
  return (
    <div className={`notice-block notice-block-${kind}`} role="note">
      <svg
        className="notice-block-icon"
        viewBox="0 0 24 24"
        width="24"
        height="24"
        aria-hidden="true"
        focusable="false"
      >
        <path
          d={ICON_PATHS[kind]}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <div className="notice-block-body">
        {title ? (
          <h2 className="notice-block-title">
            {kindName}
            {title}
          </h2>
        ) : (
          kindName
        )}
        {hasText ? <RichText html={html} /> : null}
      </div>
    </div>
  );
}
