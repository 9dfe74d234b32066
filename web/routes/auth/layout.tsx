import { Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { AccountProviders } from '../../account/AccountProviders';

/** Sign-in, sign-up, password and invitation screens: client data and notices, narrow column. */
export default function AuthLayout() {
  return (
    <AccountProviders>
      <Container size="sm" py="md">
        <Outlet />
      </Container>
    </AccountProviders>
  );
}
