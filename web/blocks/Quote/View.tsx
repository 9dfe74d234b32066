import type { BlockViewProps } from '../registry';

/** A quotation as a figure: the words in a blockquote, who said them in its caption (site.css `.quote-block`). */
export function QuoteBlock({ block }: BlockViewProps<'quote'>) {
  const { text, caption } = block.data;
  return (
    <figure className="quote-block">
      <blockquote className="quote-block-text">{text}</blockquote>
      {caption ? <figcaption className="quote-block-source">{caption}</figcaption> : null}
    </figure>
  );
}
