import { useId } from 'react';
import { useTranslation } from '../../i18n';
import type { BlockViewProps } from '../registry';

/**
 * A table of plain text as a real `<table>` (site.css `.table-block`): the caption names it, the
 * first row's cells are column headers (`th scope="col"`) and the first column's row headers
 * (`th scope="row"`) when the options say so. It sits in a region that scrolls sideways on a narrow
 * screen instead of widening the page; the region (a named `<section>`) can take the focus (so the keyboard can scroll
 * it) and is named after the table, the pattern axe asks of scrollable regions.
 */
export function TableBlock({ block }: BlockViewProps<'table'>) {
  const { t } = useTranslation();
  const captionId = useId();
  const { caption, rows } = block.data;
  const { headerRow, headerColumn, striped } = block.options;
  const [head, ...rest] = rows;
  const body = headerRow ? rest : rows;
  return (
    <section
      className="table-block"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take the focus, or a keyboard cannot scroll it (WCAG 2.1.1)
      tabIndex={0}
      {...(caption ? { 'aria-labelledby': captionId } : { 'aria-label': t('tableBlock.label') })}
    >
      <table className={striped ? 'table-block-table table-block-striped' : 'table-block-table'}>
        {caption ? <caption id={captionId}>{caption}</caption> : null}
        {headerRow && head ? (
          <thead>
            <tr>
              {head.map((cell, column) =>
                // The corner above the row headers names no column when it is empty.
                headerColumn && column === 0 && cell === '' ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a cell's place is its identity
                  <td key={column} />
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a cell's place is its identity
                  <th key={column} scope="col">
                    {cell}
                  </th>
                ),
              )}
            </tr>
          </thead>
        ) : null}
        <tbody>
          {body.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row's place is its identity
            <tr key={index}>
              {row.map((cell, column) =>
                headerColumn && column === 0 ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a cell's place is its identity
                  <th key={column} scope="row">
                    {cell}
                  </th>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a cell's place is its identity
                  <td key={column}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
