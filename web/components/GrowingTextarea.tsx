import { Textarea, type TextareaProps } from '@mantine/core';
import type { CSSProperties } from 'react';

/**
 * A text area that grows with its text, from `minRows` lines up to about twenty, then scrolls: the
 * one such field of the site, in every form that wants one. It grows by CSS (`field-sizing`, the
 * `.grows-with-text` rule in site.css) instead of Mantine's `autosize`, which measures the text in a
 * hidden copy and forces a layout on every mount and keystroke: on a page's first load that
 * measurement ran in the hydration's commit (the visitor's form, issue 32), and it delayed edit
 * mode's page settings dialog (issue 35). A browser without `field-sizing` shows `minRows` lines and
 * scrolls.
 */
export function GrowingTextarea({
  minRows = 2,
  className,
  ...props
}: Omit<TextareaProps, 'autosize' | 'maxRows' | 'rows' | 'style'> & { minRows?: number }) {
  return (
    <Textarea
      {...props}
      rows={minRows}
      className={className ? `grows-with-text ${className}` : 'grows-with-text'}
      style={{ '--grow-min-rows': String(minRows) } as CSSProperties}
    />
  );
}
