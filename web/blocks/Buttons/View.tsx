import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { isLocalLink } from '../../../common/urls';
import type { BlockViewProps } from '../registry';

export function ButtonsBlock({ block }: BlockViewProps<'buttons'>) {
  const { buttons } = block.data;
  const { align } = block.options;
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
