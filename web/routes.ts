import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  route('home', 'routes/redirects.tsx', { id: 'redirect-home' }),
  route('admin', 'routes/redirects.tsx', { id: 'redirect-admin' }),
  route('account', 'routes/redirects.tsx', { id: 'redirect-account' }),
  route('unauthorized', 'routes/unauthorized.tsx'),
  route('legal/terms-of-use/:lang', 'routes/legal-page.tsx', { id: 'legal-terms-of-use' }),
  route('legal/privacy', 'routes/legal-page.tsx', { id: 'legal-privacy' }),
  route('legal/accessibility/:lang', 'routes/legal-page.tsx', { id: 'legal-accessibility' }),
  route('legal/cookie-statement/:lang', 'routes/legal-page.tsx', { id: 'legal-cookie-statement' }),
  index('routes/content-page.tsx', { id: 'home-page' }),
  route('*', 'routes/content-page.tsx', { id: 'content-page' }),
] satisfies RouteConfig;
