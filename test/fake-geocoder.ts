import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeGeocoderMode = 'ok' | 'error' | 'wrong-shape' | 'not-json' | 'slow' | 'huge' | 'hostile';
export type FakeGeocoderCall = { path: string; query: Record<string, string>; userAgent: string };

/** The places the stand-in knows, Nominatim's way: coordinates as texts, a display name. */
const DAM = [
  {
    place_id: 1,
    lat: '52.3731081',
    lon: '4.8926146',
    display_name: 'Dam, Burgwallen-Oude Zijde, Amsterdam, Noord-Holland, Nederland',
  },
  { place_id: 2, lat: '52.0116', lon: '4.3571', display_name: 'Dam, Delft, Zuid-Holland, Nederland' },
];
const LINDE = [
  {
    place_id: 3,
    lat: '53.0386',
    lon: '5.6659',
    display_name: 'Dorpsstraat 1, 8401 AB De Linde, Friesland, Nederland',
  },
];

/**
 * A stand-in Nominatim on loopback for the map block's address search (issue 31): it finds "Dam"
 * (two places) and "Dorpsstraat" (one), nothing else, records what it was asked, and fails in the
 * way a test asks for (an error status, an answer of the wrong shape or not JSON, too slow, too
 * large, or places that break the rule).
 */
export function fakeGeocoder() {
  const calls: FakeGeocoderCall[] = [];
  let mode: FakeGeocoderMode = 'ok';
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://geocoder.invalid');
    calls.push({
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      userAgent: String(request.headers['user-agent'] ?? ''),
    });
    const json = (status: number, payload: string) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(payload);
    const q = url.searchParams.get('q') ?? '';
    switch (mode) {
      case 'error':
        return json(500, '{"error":"down"}');
      case 'wrong-shape':
        return json(200, '{"lat":"52.37","lon":"4.89"}');
      case 'not-json':
        return response.writeHead(200, { 'content-type': 'text/html' }).end('<html>busy</html>');
      case 'slow':
        setTimeout(() => json(200, '[]'), 3000);
        return;
      case 'huge':
        return json(200, JSON.stringify(Array.from({ length: 5000 }, () => DAM[0])));
      case 'hostile':
        return json(
          200,
          JSON.stringify([
            { lat: '91', lon: '4.89', display_name: 'Beyond the pole' },
            { lat: '52.37', lon: '1e2', display_name: 'An exponent' },
            { lat: 52.37, lon: 'Infinity', display_name: 'Infinite' },
            { lat: '52.37', lon: '4.89' },
            { lat: '52.37', lon: '4.89', display_name: '\u202e\u0000 ' },
            { lat: '52.37', lon: '4.89', display_name: ['<script>'] },
            null,
            'Dam',
            {
              lat: 52.3731081,
              lon: '4.8926146',
              display_name: `\u202eDam\u0007\n<b>Amsterdam</b> ${'x'.repeat(400)}`,
            },
          ]),
        );
      default:
        if (/dam/i.test(q)) return json(200, JSON.stringify(DAM));
        if (/dorpsstraat/i.test(q)) return json(200, JSON.stringify(LINDE));
        return json(200, '[]');
    }
  });
  return {
    calls,
    setMode: (next: FakeGeocoderMode) => {
      mode = next;
    },
    /** Listens on a free loopback port; resolves to its search URL (what GEOCODER_URL takes). */
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/search`),
        ),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
