import { Outlet } from 'react-router';
import { AccountProviders } from '../account/AccountProviders';

/** The root of every signed-in and sign-in screen: one query client and the task notices for all of them. */
export default function SignedInLayout() {
  return (
    <AccountProviders>
      <Outlet />
    </AccountProviders>
  );
}
