import type { MetaDescriptor } from 'react-router';
import type { Locale } from '../../common/localized-text';
import { sharedCatalogue } from '../i18n';
import type { RootLoaderData } from '../root';

type Match = { id: string; loaderData: unknown } | undefined;

/** The text at a dotted key path of a catalogue, or the key itself. */
export function catalogueText(locale: Locale, key: string): string {
  let node: unknown = sharedCatalogue(locale);
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  return typeof node === 'string' ? node : key;
}

/** "Title | Site" for account and sign-in screens; never indexed. */
export function accountMeta(matches: readonly Match[], titleKey: string): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as RootLoaderData | undefined;
  const title = catalogueText(root?.shell.locale ?? 'nl', titleKey);
  return [
    { title: `${title} | ${root?.shell.settings.platformName ?? 'Bouwsteen'}` },
    { name: 'robots', content: 'noindex' },
  ];
}
