import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';
import { ADMIN_LAYOUT_ID } from './layouts/admin-area';

export default [
  route('home', 'routes/redirects.tsx', { id: 'redirect-home' }),
  route('admin', 'routes/redirects.tsx', { id: 'redirect-admin' }),
  route('account', 'routes/redirects.tsx', { id: 'redirect-account' }),
  route('unauthorized', 'routes/unauthorized.tsx'),
  route('search', 'routes/search.tsx'),
  // A form's receipt (issue 11): public, opened by its unguessable link or the submitter's session.
  route('submission/:submissionGuid', 'routes/submission.tsx'),
  // The cookie dialog's choice posted without JavaScript (issue 32): sets the cookie, back to the page.
  route('cookie-consent', 'routes/cookie-consent.ts'),
  route('legal/terms-of-use/:lang', 'routes/legal-page.tsx', { id: 'legal-terms-of-use' }),
  route('legal/privacy', 'routes/legal-page.tsx', { id: 'legal-privacy' }),
  route('legal/accessibility/:lang', 'routes/legal-page.tsx', { id: 'legal-accessibility' }),
  route('legal/cookie-statement/:lang', 'routes/legal-page.tsx', { id: 'legal-cookie-statement' }),
  layout('routes/signed-in-layout.tsx', [
    layout('routes/auth/layout.tsx', [
      route('sign-in', 'routes/auth/sign-in.tsx'),
      route('sign-up', 'routes/auth/sign-up.tsx'),
      route('forgot-password', 'routes/auth/forgot-password.tsx'),
      route('reset-password/:token', 'routes/auth/reset-password.tsx'),
      route('verify-email/:token', 'routes/auth/verify-email.tsx'),
      route('invitation/:code', 'routes/auth/invitation.tsx'),
    ]),
    route('account/dashboard', 'routes/account/dashboard.tsx'),
    route('account/:accountCategory', 'routes/account/account-page.tsx'),
    // The admin area (SPEC 2): one shell around every admin screen, admins only.
    layout('routes/admin/layout.tsx', { id: ADMIN_LAYOUT_ID }, [
      route('admin/dashboard', 'routes/admin/dashboard.tsx'),
      route('admin/users', 'routes/admin/users.tsx'),
      route('admin/users/properties', 'routes/admin/properties.tsx'),
      route('admin/users/:guid/:accountCategory', 'routes/admin/user.tsx'),
      route('admin/roles', 'routes/admin/roles.tsx'),
      route('admin/menu', 'routes/admin/menu.tsx'),
      route('admin/pages', 'routes/admin/pages.tsx'),
      route('admin/forms', 'routes/admin/forms.tsx'),
      route('admin/trash', 'routes/admin/trash.tsx'),
      route('admin/media', 'routes/admin/media.tsx'),
      // Forms (issue 11): the builder, the submissions of a form, one submission, a version's dashboard.
      route('admin/forms/view/:guid', 'routes/admin/form-builder.tsx'),
      route('admin/forms/:guid', 'routes/admin/form-submissions.tsx'),
      route('admin/forms/:guid/:submissionGuid', 'routes/admin/form-submission.tsx'),
      route('admin/forms/:guid/:version/dashboard', 'routes/admin/form-dashboard.tsx'),
      route('settings', 'routes/admin/settings.tsx'),
      route('statistics', 'routes/admin/statistics.tsx'),
      route('admin/header-images', 'routes/admin/header-images.tsx'),
      route('admin/item-types', 'routes/admin/item-types.tsx'),
    ]),
  ]),
  // Admin pages (issue 10): a template's blocks in the block editor (admins; outside the admin shell, like page edit mode).
  route('admin/pagetemplates/:guid/edit', 'routes/admin/template-edit.tsx'),
  index('routes/content-page.tsx', { id: 'home-page' }),
  route('*', 'routes/content-page.tsx', { id: 'content-page' }),
] satisfies RouteConfig;
