import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeTranslatorMode = 'ok' | 'error' | 'wrong-shape' | 'slow';
export type FakeTranslatorCall = {
  q: string[];
  source: string;
  target: string;
  format: string;
  api_key?: string;
};

/**
 * A stand-in LibreTranslate on loopback for the automatic translation tests: it puts "EN:" before
 * every text, records what it was asked, and fails in the way a test asks for (an error status, an
 * answer of the wrong shape, or too slow).
 */
export function fakeTranslator() {
  const calls: FakeTranslatorCall[] = [];
  let mode: FakeTranslatorMode = 'ok';
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const parsed = JSON.parse(body) as FakeTranslatorCall;
      calls.push(parsed);
      const json = (status: number, payload: string) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(payload);
      if (mode === 'error') json(500, '{"error":"down"}');
      else if (mode === 'wrong-shape') json(200, '{"translatedText":"one"}');
      else if (mode === 'slow') setTimeout(() => json(200, '{}'), 2000);
      else json(200, JSON.stringify({ translatedText: parsed.q.map((text) => `EN:${text}`) }));
    });
  });
  return {
    calls,
    /** Every text it was asked to translate, in order. */
    asked: () => calls.flatMap((call) => call.q),
    setMode: (next: FakeTranslatorMode) => {
      mode = next;
    },
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
