import { Alert } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A form's error message after a failed submit. It takes the keyboard focus when it appears (the
 * submit button the focus was on is disabled while the form is busy, which would leave the focus on
 * <body>), so keyboard and screen reader users land on what went wrong and continue from there.
 */
export function FormError({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <Alert ref={ref} color="red" role="alert" tabIndex={-1} className="form-error">
      {children}
    </Alert>
  );
}

/**
 * After a submit the form's own checks refused: once the field errors are rendered, the first
 * invalid field (Mantine marks it aria-invalid) takes the focus.
 */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
