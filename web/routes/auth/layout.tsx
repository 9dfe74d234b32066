import { Container } from '@mantine/core';
import { Outlet } from 'react-router';

/** Sign-in, sign-up, password and invitation screens: a narrow column. */
export default function AuthLayout() {
  return (
    <Container size="sm" py="md">
      <Outlet />
    </Container>
  );
}
