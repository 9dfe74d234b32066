import { Button, type ButtonProps } from '@mantine/core';
import type { MutableRefObject, ReactNode } from 'react';

/**
 * A table row's action (edit, rename, duplicate, delete): its screen-reader name says which row
 * ("Delete Contact"), and it remembers itself as the opener, so the focus can return to it when
 * the dialog it opens closes.
 */
export function RowActionButton({
  label,
  rowName,
  opener,
  onOpen,
  variant = 'default',
  color,
}: {
  label: ReactNode;
  rowName: string;
  opener: MutableRefObject<HTMLElement | null>;
  onOpen: () => void;
  variant?: ButtonProps['variant'];
  color?: ButtonProps['color'];
}) {
  return (
    <Button
      size="compact-sm"
      variant={variant}
      color={color}
      onClick={(event) => {
        opener.current = event.currentTarget;
        onOpen();
      }}
    >
      {label}
      <span className="visually-hidden"> {rowName}</span>
    </Button>
  );
}
