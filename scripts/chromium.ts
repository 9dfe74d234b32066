/**
 * Debian's Chromium (`apt-get install -y chromium`; a browser is never downloaded) and the flags
 * every headless run here uses: the browser tests, the wire and Lighthouse benchmarks.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
