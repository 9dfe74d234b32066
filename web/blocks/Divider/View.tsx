import { Divider, Space } from '@mantine/core';
import type { BlockViewProps } from '../registry';

export function DividerBlock({ block }: BlockViewProps<'divider'>) {
  const { variant, size } = block.options;
  if (variant === 'space') return <Space h={size} />;
  return <Divider variant={variant} size={size === 'xl' || size === 'lg' ? 'md' : 'xs'} my={size} />;
}
