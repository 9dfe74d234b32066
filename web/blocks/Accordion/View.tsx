import { useId } from 'react';
import { RichText } from '../RichText';
import type { BlockViewProps } from '../registry';

/**
 * Native details/summary: keyboard and screen-reader support come from the browser, and the panels
 * open without JavaScript too. When only one panel may be open, the panels share a name, which
 * makes the browser close the others.
 */
export function AccordionBlock({ block }: BlockViewProps<'accordion'>) {
  const { items } = block.data;
  const { multiple } = block.options;
  const group = useId();
  return (
    <div className="accordion">
      {items.map((item) => (
        <details key={item.title} className="accordion-item" name={multiple ? undefined : group}>
          <summary className="accordion-control">
            <span>{item.title}</span>
            <svg
              className="accordion-chevron"
              viewBox="0 0 16 16"
              width="14"
              height="14"
              aria-hidden="true"
              focusable="false"
            >
              <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </summary>
          <div className="accordion-panel">
            <RichText html={item.html} />
          </div>
        </details>
      ))}
    </div>
  );
}
