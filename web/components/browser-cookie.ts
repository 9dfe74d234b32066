/**
 * Writes a plain cookie the server reads on the next request (the visitor's choices: cookie consent,
 * automatic translation). `maxAgeSeconds` 0 removes it. Secure on https, SameSite=Lax, whole site.
 */
export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the server must read it as a plain cookie
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}
