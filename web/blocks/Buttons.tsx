import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import type { BlockContent, BlockOptions } from '../../common/blocks';
import { isLocalLink } from '../../common/urls';
import type { BlockProps } from './registry';

export function ButtonsBlock({ block }: BlockProps) {
  const { buttons } = block.data as BlockContent<'buttons'>;
  const { align } = block.options as BlockOptions<'buttons'>;
  const justify = align === 'center' ? 'center' : align === 'right' ? 'flex-end' : 'flex-start';
  return (
    <Group justify={justify} gap="sm">
      {buttons.map((button) =>
        isLocalLink(button.href) ? (
          <Button
            key={`${button.label}${button.href}`}
            component={Link}
            to={button.href}
            variant={button.variant}
          >
            {button.label}
          </Button>
        ) : (
          <Button
            key={`${button.label}${button.href}`}
            component="a"
            href={button.href}
            variant={button.variant}
          >
            {button.label}
          </Button>
        ),
      )}
    </Group>
  );
}
