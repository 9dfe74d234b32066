import type { ReactNode } from 'react';

/**
 * A coloured box with a message, as Mantine's light Alert draws it, without its code (issue 32:
 * the visitor's form and list views). `role` as the Alert gave it: `alert` unless told otherwise.
 */
export function Notice({
  color,
  title,
  role = 'alert',
  className,
  children,
}: {
  color: 'gray' | 'blue' | 'red';
  title?: ReactNode;
  role?: 'alert' | 'status';
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role={role} className={className ? `notice ${className}` : 'notice'} data-color={color}>
      {title ? <p className="notice-title">{title}</p> : null}
      <div className="notice-body">{children}</div>
    </div>
  );
}
