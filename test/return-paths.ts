/*
 * The hostile corpus of return paths (issue 33), shared by the URL rule's test
 * (common/urls.test.ts) and the flows' tests over HTTP and in the browser (e2e/return-paths.test.ts).
 */

/**
 * Return paths (issue 33): where sign-in, sign-up and the other flows send someone back to. Each of
 * these, raw or as the query string gives it, must fall back, never name another host or fail.
 */
export const HOSTILE_RETURN_PATHS = [
  // Tabs, newlines and carriage returns: the URL parser drops them, a header breaks on them.
  '/\t\\evil.example/phish',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '/\r\n/evil.example',
  '/%09%5Cevil.example/phish',
  '/%09/evil.example',
  '/%0A/evil.example',
  '/%0D%0ALocation:%20https://evil.example/',
  '/pad%0d%0aSet-Cookie:%20x=1',
  '/pad\u0000',
  '/%00/evil.example',
  '/%7F',
  '/pad\u0085',
  '/\u2028/evil.example',
  // Backslashes, raw and encoded, and slashes the decoder makes.
  '/\\evil.example',
  '/\\/evil.example',
  '\\\\evil.example',
  '/pad\\..\\evil',
  '/%5Cevil.example',
  '/%5cevil.example',
  '/%2F/evil.example',
  '/%2Fevil.example',
  '/%2f%2fevil.example',
  '/%252F%252Fevil.example',
  '/%25252F/evil.example',
  '/%5C%5Cevil.example',
  // Protocol-relative URLs, and paths whose dot segments make one.
  '//evil.example',
  '//evil.example/phish',
  '///evil.example',
  '/..//evil.example',
  '/%2e%2e//evil.example',
  '/.%2e//evil.example',
  '/a/../..//evil.example',
  '/.//evil.example',
  // Unicode full stops, slashes and backslashes (NFKC and IDNA read them as `.`, `/` and `\`).
  '/。/evil.example',
  '/%E3%80%82/evil.example',
  '/\uff0fevil.example',
  '/\uff0f\uff0fevil.example',
  '/%EF%BC%8F%EF%BC%8Fevil.example',
  '/\uff3cevil.example',
  '/\ufe68evil.example',
  '/evil\uff0eexample',
  '/evil\uff61example',
  '/\u2215\u2215evil.example',
  '/pad\u200b',
  '/pad\u202egnp.exe',
  '/pad\u00a0',
  '/pad\u3000x',
  // Spaces anywhere, raw or encoded.
  '/ spatie',
  '/%20/evil.example',
  '/zoeken?q=a%20b',
  // `@`, schemes and absolute URLs, to other hosts and to our own.
  '@evil.example',
  '/@evil.example\\',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'https://evil.example/',
  'http://evil.example/phish',
  'https:evil.example',
  'https:/evil.example',
  'https://localhost/account/profile',
  'http://127.0.0.1/',
  'https://local.invalid/account/profile',
  'https://user@local.invalid/',
  'evil.example',
  'account/profile',
  '?returnTo=/',
  '#anker',
  '',
  // Broken percent-encoding.
  '/%',
  '/%E0%A4%A',
  '/%C0%AF',
  '/%ED%A0%80',
  // Very long values.
  `/${'a'.repeat(2000)}`,
  `/?q=${'%2F'.repeat(1000)}`,
];
