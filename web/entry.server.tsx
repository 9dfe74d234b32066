import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { appContext } from '#app-context';
import en from '../common/i18n/en.json';
import { registerLocale } from './i18n';

// The server renders every language, so it has every catalogue from the start (the browser loads
// the ones it shows, web/i18n/index.ts).
registerLocale('en', en);

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce } = loadContext.get(appContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Crawlers and the no-JavaScript reader get the complete document at once.
    const readyOption =
      isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode
        ? 'onAllReady'
        : 'onShellReady';
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
