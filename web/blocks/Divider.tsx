import { Divider, Space } from '@mantine/core';
import type { BlockOptions } from '../../common/blocks';
import type { BlockProps } from './registry';

export function DividerBlock({ block }: BlockProps) {
  const { variant, size } = block.options as BlockOptions<'divider'>;
  if (variant === 'space') return <Space h={size} />;
  return <Divider variant={variant} size={size === 'xl' || size === 'lg' ? 'md' : 'xs'} my={size} />;
}
