import { RichText } from '../RichText';
import type { BlockViewProps } from '../registry';

export function TextBlock({ block }: BlockViewProps<'text'>) {
  const { html } = block.data;
  return <RichText html={html} />;
}
