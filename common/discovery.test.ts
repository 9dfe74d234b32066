import jsonld from 'jsonld';
import { describe, expect, it } from 'vitest';
import {
  breadcrumbStructuredData,
  homeStructuredData,
  itemLanguagePaths,
  itemStructuredData,
  languagePaths,
  type SiteIdentity,
  structuredDataDocument,
} from './discovery.ts';

/**
 * The structured data read as a JSON-LD processor reads it (issue 30): expanded by jsonld.js, the
 * schema.org context resolved offline (schema.org's own context maps every term into its
 * vocabulary, `http://schema.org/`; the test's loader gives that mapping instead of fetching it).
 */
const SCHEMA = 'http://schema.org/';
const documentLoader = async (url: string) => {
  if (url !== 'https://schema.org' && url !== 'https://schema.org/') throw new Error(`no fetching ${url}`);
  return { contextUrl: undefined, documentUrl: url, document: { '@context': { '@vocab': SCHEMA } } };
};

type Expanded = Record<string, unknown[]>;

async function expandedNodes(document: object): Promise<Expanded[]> {
  const expanded = (await jsonld.expand(document as jsonld.JsonLdDocument, {
    documentLoader: documentLoader as never,
  })) as Expanded[];
  return expanded.flatMap((node) => (node['@graph'] as Expanded[] | undefined) ?? [node]);
}

const value = (node: Expanded | undefined, property: string) => {
  const first = node?.[`${SCHEMA}${property}`]?.[0] as { '@value'?: unknown; '@id'?: string } | undefined;
  return first?.['@value'] ?? first?.['@id'] ?? first;
};
const ofType = (nodes: Expanded[], type: string) =>
  nodes.find((node) => (node['@type'] as string[] | undefined)?.includes(`${SCHEMA}${type}`));

const site: SiteIdentity = {
  origin: 'https://www.example.nl',
  name: 'Gemeente </script><script>alert(1)</script>',
  description: 'De site',
  logoUrl: 'https://www.example.nl/a/logo?height=480',
  locale: 'nl',
};

describe('structured data (issue 30)', () => {
  it('the home page: an Organization and a WebSite whose SearchAction searches the site', async () => {
    const nodes = await expandedNodes(structuredDataDocument(homeStructuredData(site)));
    const organization = ofType(nodes, 'Organization');
    expect(value(organization, 'name')).toBe(site.name);
    expect(value(organization, 'url')).toBe('https://www.example.nl/');
    const website = ofType(nodes, 'WebSite');
    expect(value(website, 'url')).toBe('https://www.example.nl/');
    const action = website?.[`${SCHEMA}potentialAction`]?.[0] as Expanded;
    expect(action['@type']).toEqual([`${SCHEMA}SearchAction`]);
    const target = action[`${SCHEMA}target`]?.[0] as Expanded;
    expect(value(target, 'urlTemplate')).toBe('https://www.example.nl/search?q={search_term_string}');
    expect(value(action, 'query-input')).toBe('required name=search_term_string');
  });

  it('breadcrumbs: a BreadcrumbList of positioned, absolute items', async () => {
    const nodes = await expandedNodes(
      structuredDataDocument([
        breadcrumbStructuredData(site.origin, [
          { name: 'Actueel', url: '/actueel' },
          { name: 'Nieuws', url: '/actueel/nieuws' },
        ]),
      ]),
    );
    const list = ofType(nodes, 'BreadcrumbList');
    const items = list?.[`${SCHEMA}itemListElement`] as Expanded[];
    expect(items.map((item) => [value(item, 'position'), value(item, 'name'), value(item, 'item')])).toEqual([
      [1, 'Actueel', 'https://www.example.nl/actueel'],
      [2, 'Nieuws', 'https://www.example.nl/actueel/nieuws'],
    ]);
  });

  it('items: a NewsArticle for news, an Event for events, with their required properties', async () => {
    const base = {
      title: 'Nieuwe fiets',
      description: 'Voor de wijkagent',
      url: 'https://www.example.nl/nieuws/i/abc/nieuwe-fiets',
      publishedOn: '2026-11-01T10:00:00.000Z',
      modifiedOn: '2026-11-02T10:00:00.000Z',
      periodEnd: null,
      place: null,
      imageUrl: 'https://www.example.nl/a/x?width=1200&height=630&fit=cover&format=jpeg',
    };
    const news = ofType(
      await expandedNodes(
        structuredDataDocument([itemStructuredData(site, { ...base, listItemTypeName: 'nieuws' })]),
      ),
      'NewsArticle',
    );
    expect(value(news, 'headline')).toBe('Nieuwe fiets');
    expect(value(news, 'datePublished')).toBe(base.publishedOn);
    expect(value(news, 'dateModified')).toBe(base.modifiedOn);
    expect(value(news, 'image')).toBe(base.imageUrl);
    expect(value(news, 'author')).toBe('https://www.example.nl/#organization');
    expect(value(news?.[`${SCHEMA}publisher`]?.[0] as Expanded, 'name')).toBe(site.name);
    const event = ofType(
      await expandedNodes(
        structuredDataDocument([
          itemStructuredData(site, {
            ...base,
            listItemTypeName: 'evenement',
            periodEnd: '2026-12-05T18:00:00.000Z',
          }),
        ]),
      ),
      'Event',
    );
    expect(value(event, 'name')).toBe('Nieuwe fiets');
    expect(value(event, 'startDate')).toBe('2026-12-05T18:00:00.000Z');
    expect(value(event, 'endDate')).toBe('2026-12-05T18:00:00.000Z');
    const other = await expandedNodes(
      structuredDataDocument([itemStructuredData(site, { ...base, listItemTypeName: 'vacature' })]),
    );
    expect(ofType(other, 'Article')).toBeDefined();
  });

  it('an Event names its place as a schema.org Place (Google requires location), none when it has none', async () => {
    const base = {
      title: 'Jaarvergadering',
      description: '',
      url: 'https://www.example.nl/agenda/i/abc/jaarvergadering',
      listItemTypeName: 'evenement',
      publishedOn: '2026-11-01T10:00:00.000Z',
      modifiedOn: '2026-11-01T10:00:00.000Z',
      periodEnd: '2026-12-05T20:00:00.000Z',
      imageUrl: null,
    };
    const place = { name: 'Dorpshuis "De Linde" </script>', address: 'Dorpsstraat 1, Linden' };
    const event = ofType(
      await expandedNodes(structuredDataDocument([itemStructuredData(site, { ...base, place })])),
      'Event',
    );
    const location = event?.[`${SCHEMA}location`]?.[0] as Expanded;
    expect(location['@type']).toEqual([`${SCHEMA}Place`]);
    expect(value(location, 'name')).toBe(place.name);
    expect(value(location, 'address')).toBe(place.address);
    expect(value(event, 'eventAttendanceMode')).toBe('https://schema.org/OfflineEventAttendanceMode');
    // Only an address: the address names the place too.
    const addressOnly = ofType(
      await expandedNodes(
        structuredDataDocument([
          itemStructuredData(site, { ...base, place: { name: '', address: 'Lindeplein' } }),
        ]),
      ),
      'Event',
    );
    expect(value(addressOnly?.[`${SCHEMA}location`]?.[0] as Expanded, 'name')).toBe('Lindeplein');
    const without = ofType(
      await expandedNodes(structuredDataDocument([itemStructuredData(site, { ...base, place: null })])),
      'Event',
    );
    expect(without?.[`${SCHEMA}location`]).toBeUndefined();
  });
});

describe('language addresses (issue 30)', () => {
  it('English is ?lang=en, unless the page has its own English path; items always add it', () => {
    expect(languagePaths('/nieuws')).toEqual({ nl: '/nieuws', en: '/nieuws?lang=en' });
    expect(languagePaths('/legal/terms-of-use/nl', '/legal/terms-of-use/en')).toEqual({
      nl: '/legal/terms-of-use/nl',
      en: '/legal/terms-of-use/en',
    });
    expect(itemLanguagePaths({ nl: '/n/i/a/fiets', en: '/n/i/a/bicycle' })).toEqual({
      nl: '/n/i/a/fiets',
      en: '/n/i/a/bicycle?lang=en',
    });
  });
});
