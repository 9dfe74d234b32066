import { RichText } from './RichText';
import type { BlockProps } from './registry';

export function TextBlock({ block }: BlockProps) {
  const { html } = block.data as { html: string };
  return <RichText html={html} />;
}
