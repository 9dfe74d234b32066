import type { Locale } from '../../../common/localized-text.ts';

/** A machine translation service: texts in, their translations out, in the same order. */
export type Translator = {
  translate(input: { texts: string[]; from: Locale; to: Locale }): Promise<string[]>;
};

export class TranslatorError extends Error {}

/**
 * A LibreTranslate-compatible service (POST /translate with `q` as an array), self-hosted beside
 * the site: the texts go to no third party. Plain text only, so nothing it answers can become markup.
 */
export function libreTranslate(options: {
  url: string;
  apiKey?: string | undefined;
  timeoutMs: number;
}): Translator {
  const endpoint = new URL('translate', options.url.endsWith('/') ? options.url : `${options.url}/`);
  return {
    async translate({ texts, from, to }) {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            q: texts,
            source: from,
            target: to,
            format: 'text',
            ...(options.apiKey ? { api_key: options.apiKey } : {}),
          }),
          signal: AbortSignal.timeout(options.timeoutMs),
          redirect: 'error',
        });
      } catch (error) {
        throw new TranslatorError(`translation service unreachable: ${(error as Error).message}`);
      }
      if (!response.ok) throw new TranslatorError(`translation service answered ${response.status}`);
      const body = (await response.json().catch(() => null)) as { translatedText?: unknown } | null;
      const translated = body?.translatedText;
      if (
        !Array.isArray(translated) ||
        translated.length !== texts.length ||
        !translated.every((text) => typeof text === 'string')
      ) {
        throw new TranslatorError('translation service answered something else than one text per text');
      }
      return translated as string[];
    },
  };
}
