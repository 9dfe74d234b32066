import { TRANSLATION_LIMITS } from '../../common/translation';
import { ApiError, api, unwrap } from '../api/client';

/**
 * Automatic translation of a rendered page (SPEC 1): the passages the server marked as the Dutch
 * fallback of a missing English text (lang="nl") get their text nodes translated in place. Only
 * text is replaced, never markup, so nothing the service answers can become HTML. React keeps
 * owning the nodes: when it renders new text, the observer translates that too.
 */

type Translated = { original: string; translated: string };

const SKIPPED = 'script, style, code, pre, textarea, [translate="no"], .language-switch';
/** Dutch passages, and the ones translated before (React may render new text into them). */
const PASSAGES = '[lang="nl"], [data-auto-translated]';
const translatedNodes = new Map<Text, Translated>();
const marked = new Set<HTMLElement>();
/**
 * Texts the server would not translate on a page (it translates only what the page it renders shows,
 * and a text the browser made after that render may differ): not asked again on that page until the
 * page is restored. Keyed by the page and the text.
 */
const refused = new Set<string>();
/** The page the texts are on, as the server is told: its path and query. */
const currentPage = () => `${window.location.pathname}${window.location.search}`;
const refusedKey = (page: string, text: string) => `${page}\n${text}`;
const RETRY_PAUSE_MS = 30_000;

/** Raised by restorePage: a round still waiting for the service then changes nothing. */
let generation = 0;

/** The texts of the Dutch passages under `root` that are not translated yet. */
function untranslatedNodes(root: ParentNode): Text[] {
  const nodes: Text[] = [];
  const page = currentPage();
  for (const element of root.querySelectorAll<HTMLElement>(PASSAGES)) {
    if (element === document.documentElement || element.closest(SKIPPED)) continue;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const value = node.nodeValue ?? '';
      if (value.trim() === '' || node.parentElement?.closest(SKIPPED)) continue;
      if (translatedNodes.get(node)?.translated === value || refused.has(refusedKey(page, coreOf(value)))) {
        continue;
      }
      nodes.push(node);
    }
  }
  return nodes;
}

/** A text node's text as it is asked for: trimmed and cut at the API's length. */
const coreOf = (value: string) => value.trim().slice(0, TRANSLATION_LIMITS.textLength);

/** Batches within the API's limits (number of texts and their length together). */
function batches(texts: string[]): string[][] {
  const result: string[][] = [];
  let current: string[] = [];
  let length = 0;
  for (const text of texts) {
    if (
      current.length === TRANSLATION_LIMITS.texts ||
      length + text.length > TRANSLATION_LIMITS.totalLength
    ) {
      result.push(current);
      current = [];
      length = 0;
    }
    current.push(text);
    length += text.length;
  }
  if (current.length > 0) result.push(current);
  return result;
}

/** Translates the Dutch passages on the page; answers how many texts it translated. */
export async function translatePage(root: ParentNode = document.body): Promise<number> {
  const started = generation;
  const nodes = untranslatedNodes(root);
  const cores = nodes.map((node) => coreOf(node.nodeValue ?? ''));
  const unique = [...new Set(cores)];
  // The page the texts are on: the server translates only what it shows.
  const page = currentPage();
  const translations = new Map<string, string>();
  for (const texts of batches(unique)) {
    const answer = await unwrap(
      api.POST('/api/translations', { body: { from: 'nl', to: 'en', page, texts } }),
    ).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === 'translation_not_shown') return null;
      throw error;
    });
    for (const [index, text] of texts.entries()) {
      const translated = answer?.translations[index];
      if (typeof translated === 'string') translations.set(text, translated);
      else if (started === generation) refused.add(refusedKey(page, text));
    }
  }
  if (started !== generation) return 0;
  let count = 0;
  nodes.forEach((node, index) => {
    const original = node.nodeValue ?? '';
    const translation = translations.get(cores[index]!);
    // The node may have changed while the service was asked: leave it for the next round.
    if (!node.isConnected || translation === undefined || coreOf(original) !== cores[index]) return;
    const leading = /^\s*/.exec(original)?.[0] ?? '';
    const trailing = /\s*$/.exec(original)?.[0] ?? '';
    const translated = `${leading}${translation}${trailing}`;
    translatedNodes.set(node, { original, translated });
    node.nodeValue = translated;
    const passage = node.parentElement?.closest<HTMLElement>(PASSAGES);
    if (passage) {
      // Screen readers now read it as English; the mark says where it came from.
      passage.lang = 'en';
      passage.dataset.autoTranslated = 'nl';
      marked.add(passage);
    }
    count += 1;
  });
  return count;
}

/** Puts every translated text and its language back as the server rendered them. */
export function restorePage(): void {
  generation += 1;
  for (const [node, { original, translated }] of translatedNodes) {
    if (node.isConnected && node.nodeValue === translated) node.nodeValue = original;
  }
  translatedNodes.clear();
  refused.clear();
  for (const passage of marked) {
    passage.lang = 'nl';
    delete passage.dataset.autoTranslated;
  }
  marked.clear();
}

/**
 * Keeps the page translated while React renders new content (navigation, lists, lazy parts):
 * translates again a moment after the page changed. Answers a function that stops watching.
 */
export function keepTranslated(onRound: (promise: Promise<number>) => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // After a failed round the page is left alone for a while, so a broken service is not hammered.
  let pausedUntil = 0;
  const observer = new MutationObserver(() => {
    // Our own replacements and the status line change the page too: a round only when there is
    // Dutch text left to translate.
    if (Date.now() < pausedUntil || untranslatedNodes(document.body).length === 0) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      const round = translatePage();
      round.catch(() => {
        pausedUntil = Date.now() + RETRY_PAUSE_MS;
      });
      onRound(round);
    }, 150);
  });
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['lang'],
  });
  return () => {
    clearTimeout(timer);
    observer.disconnect();
  };
}
