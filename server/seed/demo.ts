import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { RichTextNode } from '../../common/blocks/rich-text.ts';
import type { FormDefinition } from '../../common/forms/definition.ts';
import { DEFAULT_FORM_SETTINGS } from '../../common/forms/settings.ts';
import type { ItemPlace } from '../../common/list-items.ts';
import type { LocalizedText } from '../../common/localized-text.ts';
import type { LayoutPosition } from '../../common/pages.ts';
import { TOP_LEVEL_MENU } from '../../common/site.ts';
import type { Database, Transaction } from '../db/client.ts';
import { forms, formVersions, pages } from '../db/schema.ts';
import { setPlatformSettings } from '../domains/settings/commands.ts';
import { runCommand } from '../domains/write.ts';
import type { MediaStorage } from '../media/storage.ts';
import { ANONYMOUS } from '../policies/index.ts';
import {
  type BlockInput,
  createBlock,
  createHeaderImage,
  createListItem,
  createListItemType,
  createMenu,
  createMenuItem,
  createPage,
} from './builders.ts';
import { storeDemoDocument, storeDemoImage, storeDemoLibraryImage } from './demo-images.ts';

// Rich text shorthands for the demo content.
const text = (value: string, marks?: RichTextNode['marks']): RichTextNode => ({
  type: 'text',
  text: value,
  marks,
});
const p = (...parts: (string | RichTextNode)[]): RichTextNode => ({
  type: 'paragraph',
  content: parts.map((part) => (typeof part === 'string' ? text(part) : part)),
});
const h = (level: 2 | 3, value: string, id?: string): RichTextNode => ({
  type: 'heading',
  attrs: { level, ...(id ? { id } : {}) },
  content: [text(value)],
});
const a = (value: string, href: string) => text(value, [{ type: 'link', attrs: { href } }]);
const b = (value: string) => text(value, [{ type: 'bold' }]);
const ul = (...items: string[]): RichTextNode => ({
  type: 'bulletList',
  content: items.map((item) => ({ type: 'listItem', content: [p(item)] })),
});
const doc = (...content: RichTextNode[]) => ({ doc: { type: 'doc', content } });

const textBlock = (
  nl: RichTextNode[],
  en?: RichTextNode[],
  position?: BlockInput['position'],
): BlockInput => ({
  name: 'text',
  position,
  content: { nl: doc(...nl), ...(en ? { en: doc(...en) } : {}) },
});

const LEGAL_DATE = { nl: '14 maart 2023', en: '14 March 2023' };

/**
 * The demo site of a (fictional) village association: every layout with side columns, a nested
 * menu three levels deep with an external link and a hidden item, header and footer templates,
 * the legal pages, and every block type. Seeds only an empty database; returns whether it did.
 */
export async function seedDemoSite({
  db,
  storage,
}: {
  db: Database;
  /** Where the demo's pictures go; without it the image block and header image have no picture. */
  storage?: MediaStorage;
}): Promise<boolean> {
  const [existing] = await db.select({ value: count() }).from(pages);
  if ((existing?.value ?? 0) > 0) return false;

  // The whole demo is one change, recorded as one event (no one acts: the system seeds it).
  await runCommand(
    { db, actor: ANONYMOUS },
    { action: 'site.seed', scope: 'public', target: null, data: { seed: 'demo' } },
    async (tx) => {
      const landscape = storage
        ? await storeDemoImage(tx, storage, { fileName: 'lindendorp.jpg', width: 2400, height: 1350 })
        : null;
      const footer = await createPage(tx, {
        name: 'footer',
        kind: 'template',
        templateKind: 'footer',
        title: { nl: 'Voettekst', en: 'Footer' },
        layout: '25-50-25',
        blocks: [
          textBlock(
            [h(3, 'Dorpsvereniging De Linde'), p('Lindeplein 1'), p('1234 AB Lindendorp')],
            [
              h(3, 'De Linde village association'),
              p('Lindeplein 1'),
              p('1234 AB Lindendorp, the Netherlands'),
            ],
            'left',
          ),
          textBlock(
            [
              h(3, 'Contact'),
              p('Telefoon: ', a('012 345 67 89', 'tel:+31123456789')),
              p('E-mail: ', a('info@delinde.example', 'mailto:info@delinde.example')),
            ],
            [
              h(3, 'Contact'),
              p('Phone: ', a('+31 12 345 67 89', 'tel:+31123456789')),
              p('E-mail: ', a('info@delinde.example', 'mailto:info@delinde.example')),
            ],
            'main',
          ),
          textBlock(
            [h(3, 'Volg ons'), p('Elke maand een nieuwsbrief met alles wat er speelt in het dorp.')],
            [h(3, 'Follow us'), p('A monthly newsletter with everything going on in the village.')],
            'right',
          ),
        ],
      });

      const banner = await createPage(tx, {
        name: 'header-banner',
        kind: 'template',
        title: { nl: 'Mededeling', en: 'Announcement' },
        blocks: [
          textBlock(
            [
              p(
                b('Let op: '),
                'de jaarvergadering is verplaatst naar donderdag 3 december. ',
                a('Lees meer', '/activiteiten/kalender'),
              ),
            ],
            [
              p(
                b('Please note: '),
                'the annual meeting has moved to Thursday 3 December. ',
                a('Read more', '/activiteiten/kalender'),
              ),
            ],
          ),
        ],
      });

      await setPlatformSettings(tx, {
        platformName: 'Dorpsvereniging De Linde',
        platformDescription:
          'Samen maken we Lindendorp: activiteiten, nieuws en vrijwilligerswerk in het dorp.',
        headerLogo: '/brand/logo.svg',
        favicon: '/brand/favicon.svg',
        colorScheme: '#2f7d4f',
        browserColor: '#2f7d4f',
        cookieCategories: 'analytical,functional',
        defaultFooterGuid: footer.id,
        termsOfUseVersion: '1',
      });

      const welcome = await createHeaderImage(tx, {
        imageGuid: landscape,
        title: { nl: 'Welkom in Lindendorp', en: 'Welcome to Lindendorp' },
        text: {
          nl: 'Een levendig dorp, door en voor bewoners.',
          en: 'A lively village, by and for its residents.',
        },
      });

      const home = await createPage(tx, {
        name: 'home',
        title: { nl: 'Welkom', en: 'Welcome' },
        description: {
          nl: 'De website van Dorpsvereniging De Linde.',
          en: 'The website of the De Linde village association.',
        },
        layout: '100',
        options: { headerImage: welcome.id, showBreadcrumbs: 'false', templateHeader: banner.id },
        blocks: [
          textBlock(
            [
              h(2, 'Samen maken we het dorp'),
              p(
                'Dorpsvereniging De Linde organiseert het hele jaar activiteiten voor jong en oud: van de ',
                b('Lindenmarkt'),
                ' tot de jaarlijkse ',
                b('dorpsquiz'),
                '.',
              ),
              p(
                'Nieuw in het dorp? ',
                a('Lees wie we zijn', '/over-ons'),
                ' of ',
                a('kijk wat er binnenkort gebeurt', '/activiteiten'),
                '.',
              ),
            ],
            [
              h(2, 'Together we make the village'),
              p(
                'The De Linde village association organises activities for young and old all year round: from the ',
                b('Linden market'),
                ' to the annual ',
                b('village quiz'),
                '.',
              ),
              p(
                'New in the village? ',
                a('Read who we are', '/over-ons'),
                ' or ',
                a('see what is coming up', '/activiteiten'),
                '.',
              ),
            ],
          ),
          {
            name: 'buttons',
            content: {
              nl: {
                buttons: [
                  { label: 'Word lid', href: '/over-ons', variant: 'filled' },
                  { label: 'Activiteiten', href: '/activiteiten', variant: 'outline' },
                ],
              },
              en: {
                buttons: [
                  { label: 'Become a member', href: '/over-ons', variant: 'filled' },
                  { label: 'Activities', href: '/activiteiten', variant: 'outline' },
                ],
              },
            },
            options: { align: 'left' },
          },
          { name: 'divider', options: { variant: 'solid', size: 'md' } },
          {
            name: 'accordion',
            content: {
              nl: {
                items: [
                  {
                    title: 'Hoe word ik lid?',
                    doc: {
                      type: 'doc',
                      content: [
                        p(
                          'Vul het aanmeldformulier in of kom langs bij het dorpshuis. Het lidmaatschap kost € 15 per jaar.',
                        ),
                      ],
                    },
                  },
                  {
                    title: 'Kan ik vrijwilliger worden?',
                    doc: {
                      type: 'doc',
                      content: [
                        p('Graag! We zoeken altijd mensen voor de markt, de bar en de jeugdactiviteiten.'),
                      ],
                    },
                  },
                  {
                    title: 'Waar vind ik het dorpshuis?',
                    doc: { type: 'doc', content: [p('Op het Lindeplein, naast de bakker.')] },
                  },
                ],
              },
              en: {
                items: [
                  {
                    title: 'How do I become a member?',
                    doc: {
                      type: 'doc',
                      content: [
                        p(
                          'Fill in the sign-up form or drop by the community centre. Membership is € 15 a year.',
                        ),
                      ],
                    },
                  },
                  {
                    title: 'Can I volunteer?',
                    doc: {
                      type: 'doc',
                      content: [
                        p(
                          'Please do! We always need people for the market, the bar and the youth activities.',
                        ),
                      ],
                    },
                  },
                  {
                    title: 'Where is the community centre?',
                    doc: { type: 'doc', content: [p('On the Lindeplein, next to the bakery.')] },
                  },
                ],
              },
            },
            options: { multiple: false },
          },
          {
            name: 'video',
            content: {
              nl: {
                url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
                title: 'Impressie van de Lindenmarkt',
              },
              en: {
                url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
                title: 'Impression of the Linden market',
              },
            },
            options: { aspectRatio: '16/9' },
          },
        ],
      });

      const news = await createPage(tx, {
        name: 'nieuws',
        title: { nl: 'Nieuws', en: 'News' },
        layout: '25-75',
        blocks: [
          textBlock(
            [h(3, 'Rubrieken'), ul('Verenigingsnieuws', 'Dorpsraad', 'Jeugd')],
            [h(3, 'Sections'), ul('Association news', 'Village council', 'Youth')],
            'left',
          ),
          textBlock(
            [
              h(2, 'Nieuw speeltoestel op het Lindeplein'),
              p(
                'Na maanden sparen staat er sinds zaterdag een nieuw klimrek op het plein. Dank aan iedereen die heeft meegeholpen!',
              ),
              h(2, 'Dorpsraad zoekt leden'),
              p('De dorpsraad zoekt twee nieuwe leden. Interesse? Meld je bij het secretariaat.'),
            ],
            [
              h(2, 'New climbing frame on the Lindeplein'),
              p(
                'After months of saving there has been a new climbing frame on the square since Saturday. Thanks to everyone who helped!',
              ),
              h(2, 'Village council seeks members'),
              p('The village council is looking for two new members. Interested? Contact the secretary.'),
            ],
          ),
          {
            name: 'list',
            content: { nl: { title: 'Alle berichten' }, en: { title: 'All news' } },
            options: { defaultItemsPerPage: 5, defaultSortBy: 'publishedOn_desc' },
          },
        ],
      });

      const about = await createPage(tx, {
        name: 'over-ons',
        title: { nl: 'Over ons', en: 'About us' },
        layout: '75-25',
        blocks: [
          textBlock(
            [
              p(a('Direct naar contact', '#contact')),
              h(2, 'Wie zijn wij?'),
              p(
                'Dorpsvereniging De Linde is in 1952 opgericht door een groep bewoners die het dorpsleven wilden versterken. Vandaag hebben we ruim 600 leden.',
              ),
              p(
                'We zijn een vereniging van vrijwilligers. Iedereen die in of rond Lindendorp woont, kan lid worden.',
              ),
              p(
                'Het bestuur vergadert elke eerste maandag van de maand in het dorpshuis; leden zijn welkom om aan te schuiven.',
              ),
              p(
                'Onze activiteiten worden betaald uit de contributie, de opbrengst van de Lindenmarkt en een bijdrage van de gemeente.',
              ),
              h(2, 'Contact', 'contact'),
              p(
                'Bel ',
                a('012 345 67 89', 'tel:+31123456789'),
                ' of mail naar ',
                a('info@delinde.example', 'mailto:info@delinde.example'),
                '.',
              ),
            ],
            [
              p(a('Skip to contact', '#contact')),
              h(2, 'Who are we?'),
              p(
                'The De Linde village association was founded in 1952 by residents who wanted to strengthen village life. Today we have over 600 members.',
              ),
              p('We are an association of volunteers. Anyone living in or around Lindendorp can join.'),
              p(
                'The board meets on the first Monday of every month in the community centre; members are welcome to join.',
              ),
              p(
                'Our activities are paid for by membership fees, the proceeds of the Linden market and a contribution from the municipality.',
              ),
              h(2, 'Contact', 'contact'),
              p(
                'Call ',
                a('+31 12 345 67 89', 'tel:+31123456789'),
                ' or e-mail ',
                a('info@delinde.example', 'mailto:info@delinde.example'),
                '.',
              ),
            ],
          ),
          {
            name: 'image',
            content: {
              nl: {
                alt: 'Tekening van de linde op het dorpsplein, met het dorpshuis',
                caption: 'De linde op het dorpsplein',
              },
              en: {
                alt: 'Drawing of the linden tree on the village square, with the community centre',
                caption: 'The linden tree on the village square',
              },
            },
            options: landscape
              ? { imageGuid: landscape, width: 2400, height: 1350, size: 'full' }
              : { imageGuid: null, size: 'full' },
          },
          textBlock(
            [h(3, 'Snel naar'), ul('Lidmaatschap', 'Bestuur', 'Jaarverslag 2025')],
            [h(3, 'Quick links'), ul('Membership', 'Board', 'Annual report 2025')],
            'right',
          ),
        ],
      });

      // A reusable block (issue 31): the community centre's opening hours, kept in one place and
      // shown on the board's page and on the history page.
      const openingHours = await createPage(tx, {
        name: 'openingstijden-dorpshuis',
        kind: 'template',
        templateKind: 'block',
        title: { nl: 'Openingstijden dorpshuis', en: 'Community centre opening hours' },
        blocks: [
          textBlock(
            [
              h(3, 'Openingstijden dorpshuis'),
              p('Maandag tot en met vrijdag 9.00 tot 22.00 uur'),
              p('Zaterdag 10.00 tot 17.00 uur'),
            ],
            [
              h(3, 'Community centre opening hours'),
              p('Monday to Friday 9 am to 10 pm'),
              p('Saturday 10 am to 5 pm'),
            ],
          ),
        ],
      });
      const openingHoursBlock = (position: LayoutPosition) => ({
        name: 'reusable',
        position,
        content: { nl: {} },
        options: { templateId: openingHours.id },
      });

      const board = await createPage(tx, {
        name: 'bestuur',
        title: { nl: 'Bestuur', en: 'Board' },
        layout: '25-50-25',
        blocks: [
          textBlock(
            [h(3, 'Vergaderingen'), p('Elke eerste maandag van de maand, 20.00 uur.')],
            [h(3, 'Meetings'), p('Every first Monday of the month, 8 pm.')],
            'left',
          ),
          textBlock(
            [
              h(2, 'Het bestuur'),
              ul(
                'Voorzitter: Anne de Vries',
                'Secretaris: Pieter Jansen',
                'Penningmeester: Fatima El Amrani',
              ),
            ],
            [
              h(2, 'The board'),
              ul('Chair: Anne de Vries', 'Secretary: Pieter Jansen', 'Treasurer: Fatima El Amrani'),
            ],
          ),
          textBlock(
            [h(3, 'Notulen'), p('De notulen liggen ter inzage in het dorpshuis.')],
            [h(3, 'Minutes'), p('The minutes can be read in the community centre.')],
            'right',
          ),
          openingHoursBlock('right'),
        ],
      });

      const boardVacancies = await createPage(tx, {
        name: 'vacatures-bestuur',
        title: { nl: 'Vacatures bestuur', en: 'Board vacancies' },
        layout: '100',
        blocks: [
          textBlock(
            [
              h(2, 'Kom ons versterken'),
              p(
                'We zoeken een nieuwe secretaris. Je notuleert de vergaderingen en houdt de ledenadministratie bij.',
              ),
            ],
            [
              h(2, 'Join us'),
              p('We are looking for a new secretary who takes the minutes and keeps the member records.'),
            ],
          ),
        ],
      });

      const history = await createPage(tx, {
        name: 'geschiedenis',
        title: { nl: 'Geschiedenis', en: 'History' },
        layout: '100',
        blocks: [
          textBlock(
            [p(b('Sinds 1952'), ' maken bewoners samen het dorp.')],
            [p(b('Since 1952'), ' residents have been making the village together.')],
            'top',
          ),
          textBlock(
            [
              h(2, 'Zeventig jaar De Linde'),
              p(
                'De vereniging begon met een dorpsfeest op het plein. In de jaren zeventig kwam het dorpshuis, in 2002 de eerste Lindenmarkt.',
              ),
            ],
            [
              h(2, 'Seventy years of De Linde'),
              p(
                'The association started with a village fête on the square. The community centre followed in the 1970s, the first Linden market in 2002.',
              ),
            ],
          ),
          { name: 'divider', position: 'bottom', options: { variant: 'dashed', size: 'sm' } },
          textBlock(
            [p('Heeft u oude foto’s van het dorp? We horen het graag.')],
            [p('Do you have old photos of the village? We would love to hear from you.')],
            'bottom',
          ),
          openingHoursBlock('bottom'),
        ],
      });

      // The gallery's pictures, library assets described once (issue 27).
      const galleryImages = storage
        ? [
            await storeDemoLibraryImage(tx, storage, {
              scene: 'market',
              fileName: 'lindenmarkt.jpg',
              title: 'Lindenmarkt',
              alt: {
                nl: 'Drie marktkramen met rode, gele en blauwe daken op het plein',
                en: 'Three market stalls with red, yellow and blue roofs on the square',
              },
              caption: { nl: 'De Lindenmarkt in juni', en: 'The Linden market in June' },
            }),
            await storeDemoLibraryImage(tx, storage, {
              scene: 'winter',
              fileName: 'winter-plein.jpg',
              title: 'Winter op het plein',
              alt: {
                nl: 'Besneeuwd plein met een dennenboom en het dorpshuis',
                en: 'Snowy square with a fir tree and the community centre',
              },
              caption: { nl: 'Het plein in de sneeuw', en: 'The square in the snow' },
            }),
            await storeDemoLibraryImage(tx, storage, {
              scene: 'evening',
              fileName: 'zomeravond.jpg',
              title: 'Zomeravond',
              alt: {
                nl: 'Het dorpshuis met verlichte ramen bij zonsondergang',
                en: 'The community centre with lit windows at sunset',
              },
              caption: { nl: 'Zomeravond bij het dorpshuis', en: 'Summer evening at the community centre' },
            }),
          ]
        : [];
      // A document to download, from the library (issue 27).
      const documents = storage
        ? [
            await storeDemoDocument(tx, storage, {
              fileName: 'jaarprogramma.txt',
              title: 'Jaarprogramma van de vereniging',
              language: 'nl',
              text: [
                'Jaarprogramma Dorpsvereniging De Linde',
                '',
                'Juni: Lindenmarkt op het plein',
                'September: dorpsquiz in het dorpshuis',
                'December: kerstmarkt en jaarvergadering',
                'Januari: nieuwjaarsborrel',
                '',
              ].join('\n'),
            }),
          ]
        : [];
      const activities = await createPage(tx, {
        name: 'activiteiten',
        title: { nl: 'Activiteiten', en: 'Activities' },
        layout: '25-50-25',
        blocks: [
          textBlock(
            [h(3, 'Deze maand'), ul('Lindenmarkt', 'Dorpsquiz', 'Kerstmarkt')],
            [h(3, 'This month'), ul('Linden market', 'Village quiz', 'Christmas market')],
            'left',
          ),
          textBlock(
            [
              h(2, 'Wat is er te doen?'),
              p(
                'Van de wekelijkse koffieochtend tot het zomerfeest: er is altijd iets te beleven in Lindendorp.',
              ),
            ],
            [
              h(2, 'What is on?'),
              p(
                'From the weekly coffee morning to the summer fête: there is always something going on in Lindendorp.',
              ),
            ],
          ),
          ...(galleryImages.length > 0
            ? [
                {
                  name: 'gallery',
                  content: { nl: { alts: {}, captions: {} } },
                  options: { imageGuids: galleryImages, columns: '3' },
                },
              ]
            : []),
          textBlock(
            [h(3, 'Meedoen?'), p('Aanmelden kan via het secretariaat.')],
            [h(3, 'Join in?'), p('Sign up with the secretary.')],
            'right',
          ),
          ...(documents.length > 0
            ? [
                {
                  name: 'download',
                  position: 'right' as const,
                  content: { nl: { title: 'Downloads' }, en: { title: 'Downloads' } },
                  options: { documentGuids: documents },
                },
              ]
            : []),
        ],
      });

      const calendar = await createPage(tx, {
        name: 'kalender',
        title: { nl: 'Kalender', en: 'Calendar' },
        layout: '75-25',
        blocks: [
          textBlock(
            [
              h(2, 'Kalender'),
              ul('3 december: jaarvergadering', '12 december: kerstmarkt', '9 januari: nieuwjaarsborrel'),
            ],
            [
              h(2, 'Calendar'),
              ul('3 December: annual meeting', '12 December: Christmas market', '9 January: New Year drinks'),
            ],
          ),
          textBlock(
            [h(3, 'Tip'), p('Zet de kalender in je agenda.')],
            [h(3, 'Tip'), p('Add the calendar to your diary.')],
            'right',
          ),
          {
            name: 'list',
            content: { nl: { title: 'Agenda' }, en: { title: 'Events' } },
            options: { defaultItemsPerPage: 10, defaultSortBy: 'periodEnd_asc', hasActiveItems: true },
          },
        ],
      });

      const volunteerForm = await createDemoForm(tx);
      const volunteers = await createPage(tx, {
        name: 'vrijwilligers',
        title: { nl: 'Vrijwilligers', en: 'Volunteers' },
        blocks: [
          textBlock(
            [
              h(2, 'Vrijwilligers gezocht'),
              p('Deze pagina staat niet in het menu, maar is wel bereikbaar via een link.'),
            ],
            [
              h(2, 'Volunteers wanted'),
              p('This page is not in the menu, but can be reached through a link.'),
            ],
          ),
          {
            name: 'form',
            content: {
              nl: {
                title: 'Meld je aan',
                intro: 'Vertel ons waar je wilt helpen; we nemen binnen een week contact op.',
              },
              en: {
                title: 'Sign up',
                intro: 'Tell us where you would like to help; we will be in touch within a week.',
              },
            },
            options: { formGuid: volunteerForm },
          },
        ],
      });

      const contact = await createPage(tx, {
        name: 'contact',
        title: { nl: 'Contact', en: 'Contact' },
        blocks: [
          textBlock(
            [
              h(2, 'Neem contact op'),
              p('Het secretariaat is bereikbaar op werkdagen van 9.00 tot 12.00 uur.'),
            ],
            [h(2, 'Get in touch'), p('The secretariat can be reached on weekdays from 9 am to 12 noon.')],
          ),
          {
            name: 'video',
            content: {
              nl: { url: 'https://vimeo.com/76979871', title: 'Rondleiding door het dorpshuis' },
              en: { url: 'https://vimeo.com/76979871', title: 'Tour of the community centre' },
            },
          },
        ],
      });

      const draft = await createPage(tx, {
        name: 'concept',
        title: { nl: 'Concept', en: 'Draft' },
        isPublished: false,
        // The block types of issue 31, waiting here for an editor to place them on the site.
        blocks: [
          textBlock([p('Deze pagina is nog niet gepubliceerd.')]),
          {
            name: 'notice',
            content: {
              nl: { title: 'Dorpsstraat afgesloten', ...doc(p('Van 3 tot 7 juni is de Dorpsstraat dicht.')) },
              en: { title: 'Dorpsstraat closed', ...doc(p('From 3 to 7 June the Dorpsstraat is closed.')) },
            },
            options: { kind: 'warning' },
          },
          {
            name: 'quote',
            content: {
              nl: {
                text: 'Een dorp is zo sterk als de mensen die er wonen.',
                caption: 'De oprichters, 1921',
              },
              en: {
                text: 'A village is as strong as the people who live there.',
                caption: 'The founders, 1921',
              },
            },
          },
          {
            name: 'callToAction',
            content: {
              nl: {
                title: 'Word vrijwilliger',
                text: 'Help mee bij de dorpsdag in september.',
                buttons: [{ label: 'Meld je aan', href: '/activiteiten/vrijwilligers' }],
              },
              en: {
                title: 'Become a volunteer',
                text: 'Help out at the village day in September.',
                buttons: [{ label: 'Sign up', href: '/activiteiten/vrijwilligers' }],
              },
            },
            options: { background: 'light' },
          },
          {
            name: 'cards',
            content: {
              nl: {
                cards: {
                  markt: { title: 'Lindenmarkt', text: 'Elke eerste zaterdag van juni op het plein.' },
                  winter: { title: 'Kerstmarkt', text: 'Warme chocolademelk en kramen in de sneeuw.' },
                  zomer: { title: 'Word vrijwilliger', text: 'Help mee bij de dorpsdag in september.' },
                },
              },
              en: {
                cards: {
                  markt: { title: 'Linden market', text: 'Every first Saturday of June on the square.' },
                  winter: { title: 'Christmas market', text: 'Hot chocolate and stalls in the snow.' },
                  zomer: { title: 'Become a volunteer', text: 'Help out at the village day in September.' },
                },
              },
            },
            options: {
              columns: '3',
              // Library images (focal point and alt text from the library) and links picked by reference.
              cards: [
                { key: 'markt', imageGuid: galleryImages[0] ?? null, href: `page:${activities.id}` },
                { key: 'winter', imageGuid: galleryImages[1] ?? null, href: `page:${calendar.id}` },
                { key: 'zomer', imageGuid: galleryImages[2] ?? null, href: `page:${volunteers.id}` },
              ],
            },
          },
          {
            name: 'table',
            content: {
              nl: {
                caption: 'Openingstijden dorpshuis',
                rows: [
                  [{ text: 'Dag' }, { text: 'Open' }],
                  [{ text: 'Maandag tot en met vrijdag' }, { text: '9.00 – 22.00' }],
                  [{ text: 'Zaterdag' }, { text: '10.00 – 17.00' }],
                ],
              },
            },
            options: { headerRow: true, headerColumn: false, striped: true },
          },
          {
            name: 'contact',
            content: {
              nl: {
                title: 'Dorpshuis De Linde',
                label: 'Secretariaat',
                phone: '0513 123 456',
                email: 'secretariaat@delinde.example',
                address: 'Dorpsstraat 1\n8401 AB De Linde',
                openingHours: 'Werkdagen 9.00 – 12.00',
              },
            },
            options: { kind: 'organization' },
          },
          {
            name: 'map',
            content: {
              nl: { title: 'Dorpshuis De Linde', address: 'Dorpsstraat 1\n8401 AB De Linde' },
              en: { title: 'Village hall De Linde', address: 'Dorpsstraat 1\n8401 AB De Linde' },
            },
            options: { latitude: 53.0386, longitude: 5.6659, zoom: 17 },
          },
          {
            // A text and an image side by side (issue 31), the text twice as wide.
            name: 'columns',
            options: { count: '2', widths: 'wideStart' },
            columns: [
              [
                textBlock(
                  [
                    h(2, 'Het dorpshuis'),
                    p('Sinds 1952 het hart van het dorp: voor vergaderingen, feesten en koffie.'),
                  ],
                  [
                    h(2, 'The community centre'),
                    p('The heart of the village since 1952: for meetings, parties and coffee.'),
                  ],
                ),
              ],
              [
                {
                  name: 'image',
                  content: {
                    nl: {
                      alt: 'Tekening van de linde op het dorpsplein, met het dorpshuis',
                      caption: 'Het dorpshuis aan het plein',
                    },
                    en: {
                      alt: 'Drawing of the linden tree on the village square, with the community centre',
                      caption: 'The community centre on the square',
                    },
                  },
                  options: landscape
                    ? { imageGuid: landscape, width: 2400, height: 1350, size: 'full' }
                    : { imageGuid: null, size: 'full' },
                },
              ],
            ],
          },
        ],
      });

      const legal = (name: string, title: LocalizedText, nl: RichTextNode[], en: RichTextNode[]) =>
        createPage(tx, { name, title, options: { showSubMenu: 'false' }, blocks: [textBlock(nl, en)] });
      await legal(
        'legal-terms-of-use',
        { nl: 'Gebruiksvoorwaarden', en: 'Terms of use' },
        [
          h(2, 'Gebruiksvoorwaarden'),
          p(`Versie 1, ${LEGAL_DATE.nl}.`),
          p(
            'Door deze website te gebruiken ga je akkoord met deze voorwaarden. Plaats geen inhoud die anderen schaadt.',
          ),
        ],
        [
          h(2, 'Terms of use'),
          p(`Version 1, ${LEGAL_DATE.en}.`),
          p('By using this website you agree to these terms. Do not post content that harms others.'),
        ],
      );
      await legal(
        'legal-privacy',
        { nl: 'Privacyverklaring', en: 'Privacy statement' },
        [
          h(2, 'Privacyverklaring'),
          p(`Laatst gewijzigd op ${LEGAL_DATE.nl}.`),
          p('We verwerken alleen de gegevens die nodig zijn voor je lidmaatschap en verkopen niets door.'),
        ],
        [
          h(2, 'Privacy statement'),
          p(`Last changed on ${LEGAL_DATE.en}.`),
          p('We only process the data needed for your membership and never sell it.'),
        ],
      );
      await legal(
        'legal-accessibility',
        { nl: 'Toegankelijkheid', en: 'Accessibility' },
        [
          h(2, 'Toegankelijkheidsverklaring'),
          p('We streven ernaar dat deze website voldoet aan WCAG 2.2 niveau AA.'),
        ],
        [h(2, 'Accessibility statement'), p('We aim for this website to meet WCAG 2.2 level AA.')],
      );
      await legal(
        'legal-cookie-statement',
        { nl: 'Cookieverklaring', en: 'Cookie statement' },
        [
          h(2, 'Cookieverklaring'),
          p(
            'Noodzakelijke cookies (sessie, inloggen, correlatie-id, build-id, cookietoestemming, formulieren) plaatsen we altijd. Analytische en functionele cookies (zoals ingesloten video’s) alleen met je toestemming. Kies je voor automatisch vertalen, dan onthoudt het cookie auto-translate die keuze tot je het weer uitzet.',
          ),
        ],
        [
          h(2, 'Cookie statement'),
          p(
            'We always set required cookies (session, login, correlation id, build id, cookie consent, forms). Analytical and functional cookies (such as embedded videos) only with your consent. If you choose automatic translation, the auto-translate cookie remembers that choice until you turn it off.',
          ),
        ],
      );

      const menu = await createMenu(tx, TOP_LEVEL_MENU);
      const item = (input: Omit<Parameters<typeof createMenuItem>[1], 'menuId'>) =>
        createMenuItem(tx, { menuId: menu.id, ...input });
      await item({ urlSegment: '', name: { nl: 'Home', en: 'Home' }, pageId: home.id, sortId: 10 });
      await item({ urlSegment: 'nieuws', name: { nl: 'Nieuws', en: 'News' }, pageId: news.id, sortId: 20 });
      const aboutItem = await item({
        urlSegment: 'over-ons',
        name: { nl: 'Over ons', en: 'About us' },
        pageId: about.id,
        sortId: 30,
      });
      const boardItem = await item({
        parentId: aboutItem.id,
        urlSegment: 'bestuur',
        name: { nl: 'Bestuur', en: 'Board' },
        pageId: board.id,
        sortId: 10,
      });
      await item({
        parentId: boardItem.id,
        urlSegment: 'vacatures',
        name: { nl: 'Vacatures', en: 'Vacancies' },
        pageId: boardVacancies.id,
        sortId: 10,
      });
      await item({
        parentId: aboutItem.id,
        urlSegment: 'geschiedenis',
        name: { nl: 'Geschiedenis', en: 'History' },
        pageId: history.id,
        sortId: 20,
      });
      const activitiesItem = await item({
        urlSegment: 'activiteiten',
        name: { nl: 'Activiteiten', en: 'Activities' },
        pageId: activities.id,
        sortId: 40,
      });
      await item({
        parentId: activitiesItem.id,
        urlSegment: 'kalender',
        name: { nl: 'Kalender', en: 'Calendar' },
        pageId: calendar.id,
        sortId: 10,
      });
      await item({
        parentId: activitiesItem.id,
        urlSegment: 'vrijwilligers',
        name: { nl: 'Vrijwilligers', en: 'Volunteers' },
        pageId: volunteers.id,
        isVisible: false,
        sortId: 20,
      });
      await item({
        urlSegment: 'contact',
        name: { nl: 'Contact', en: 'Contact' },
        pageId: contact.id,
        sortId: 50,
      });
      await item({
        urlSegment: 'gemeente',
        name: { nl: 'Gemeente', en: 'Municipality' },
        externalUrl: 'https://www.rijksoverheid.nl/',
        sortId: 60,
      });
      await item({
        urlSegment: 'concept',
        name: { nl: 'Concept', en: 'Draft' },
        pageId: draft.id,
        sortId: 70,
      });

      await seedDemoLists(tx, {
        homeId: home.id,
        newsListId: news.blocks.at(-1)?.id,
        agendaListId: calendar.blocks.at(-1)?.id,
      });
    },
  );
  return true;
}

/** True when a page with this name exists (used by tests that check the seed). */
export async function hasPage(db: Database, name: string): Promise<boolean> {
  const rows = await db.select({ id: pages.id }).from(pages).where(eq(pages.name, name)).limit(1);
  return rows.length > 0;
}

const DAY = 86_400_000;

/** Demo news (mostly Dutch, some translated), events with a period end, and a news widget on the home page. */
async function seedDemoLists(
  tx: Transaction,
  input: { homeId: string; newsListId: string | undefined; agendaListId: string | undefined },
) {
  const { newsListId, agendaListId } = input;
  if (!newsListId || !agendaListId) throw new Error('demo list blocks missing');
  await createListItemType(tx, { name: 'nieuws', label: { nl: 'Nieuws', en: 'News' } });
  await createListItemType(tx, { name: 'evenement', label: { nl: 'Evenement', en: 'Event' } });
  // Fixed times relative to the seed, so the demo always shows recent news and coming events.
  const now = Date.now();
  const news: { nl: string; en?: string; text: string; textEn?: string; highlight?: boolean }[] = [
    {
      nl: 'Nieuw speeltoestel op het Lindeplein',
      en: 'New climbing frame on the Lindeplein',
      text: 'Na maanden sparen staat er sinds zaterdag een nieuw klimrek op het plein.',
      textEn: 'After months of saving there is a new climbing frame on the square.',
      highlight: true,
    },
    {
      nl: 'Dorpsraad zoekt twee nieuwe leden',
      en: 'Village council seeks two new members',
      text: 'Interesse? Meld je bij het secretariaat in het dorpshuis.',
      textEn: 'Interested? Contact the secretary at the community centre.',
    },
    {
      nl: 'Fietsenstalling bij de school vernieuwd',
      text: 'Er is nu plek voor honderd fietsen, overdekt en verlicht.',
    },
    {
      nl: 'Café De Linde weer open',
      en: 'Café De Linde open again',
      text: 'Na de verbouwing is het café vanaf vrijdag weer open.',
      textEn: 'After the renovation the café reopens on Friday.',
    },
    {
      nl: 'Opbrengst Lindenmarkt: € 4.200',
      text: 'De opbrengst gaat naar de nieuwe verlichting van het plein.',
    },
    {
      nl: 'Jeugdclub zoekt begeleiders',
      text: 'Elke woensdagmiddag knutselen, sporten en spelen met de jeugd.',
    },
    {
      nl: 'Glasvezel in het hele dorp',
      en: 'Fibre in the whole village',
      text: 'Alle huizen zijn voor de zomer aangesloten.',
      textEn: 'All homes will be connected before the summer.',
    },
    {
      nl: 'Snoeiavond in de boomgaard',
      text: 'Vrijwilligers snoeiden veertig fruitbomen in de dorpsboomgaard.',
    },
    {
      nl: 'Nieuwe bankjes langs de dijk',
      text: 'Dankzij een gift van de ondernemersvereniging staan er vijf nieuwe bankjes.',
    },
    {
      nl: 'Terugblik op de dorpsquiz',
      en: 'Looking back on the village quiz',
      text: 'Team De Buren won met één punt voorsprong.',
      textEn: 'Team De Buren won by a single point.',
    },
    {
      nl: 'Bibliotheekpunt in het dorpshuis',
      text: 'Elke dinsdag kun je boeken lenen en terugbrengen in het dorpshuis.',
    },
    { nl: 'Zwerfvuilactie groot succes', text: 'Zestig bewoners raapten samen honderd zakken zwerfvuil.' },
  ];
  for (const [index, entry] of news.entries()) {
    await createListItem(tx, {
      blockId: newsListId,
      type: 'nieuws',
      title: { nl: entry.nl, ...(entry.en ? { en: entry.en } : {}) },
      description: { nl: entry.text, ...(entry.textEn ? { en: entry.textEn } : {}) },
      content: [
        {
          guid: randomUUID(),
          buildingBlockName: 'text',
          content: {
            nl: doc(p(entry.text), p('Meer weten? Kom langs in het dorpshuis of mail het secretariaat.')),
            ...(entry.textEn
              ? {
                  en: doc(
                    p(entry.textEn),
                    p('Want to know more? Drop by the community centre or mail the secretary.'),
                  ),
                }
              : {}),
          },
          options: {},
          sortId: 10,
        },
      ],
      highlight: entry.highlight ?? false,
      publishedOn: new Date(now - (index * 3 + 1) * DAY),
    });
  }
  const events: { nl: string; en: string; inDays: number; text: string; place?: ItemPlace }[] = [
    {
      nl: 'Jaarvergadering',
      en: 'Annual meeting',
      inDays: 7,
      text: 'In de grote zaal van het dorpshuis, 20.00 uur.',
      place: {
        name: { nl: 'Dorpshuis De Linde', en: 'De Linde community centre' },
        address: 'Dorpsstraat 1, Linden',
      },
    },
    {
      nl: 'Kerstmarkt op het Lindeplein',
      en: 'Christmas market',
      inDays: 16,
      text: 'Kraampjes, glühwein en het kinderkoor.',
      place: { name: { nl: 'Lindeplein' }, address: '' },
    },
    {
      nl: 'Nieuwjaarsborrel',
      en: 'New Year drinks',
      inDays: 44,
      text: 'Proosten op het nieuwe jaar, vanaf 16.00 uur.',
    },
    { nl: 'Lindenmarkt', en: 'Linden market', inDays: 120, text: 'De jaarlijkse markt met honderd kramen.' },
    {
      nl: 'Herfstwandeling',
      en: 'Autumn walk',
      inDays: -20,
      text: 'Een wandeling van tien kilometer door de polder.',
    },
  ];
  for (const event of events) {
    await createListItem(tx, {
      blockId: agendaListId,
      type: 'evenement',
      title: { nl: event.nl, en: event.en },
      description: { nl: event.text },
      publishedOn: new Date(now - 30 * DAY),
      periodEnd: new Date(now + event.inDays * DAY),
      place: event.place ?? null,
    });
  }
  await createBlock(tx, {
    pageId: input.homeId,
    name: 'widget',
    content: { nl: { title: 'Laatste nieuws' }, en: { title: 'Latest news' } },
    options: { sourceBlockGuid: newsListId, defaultItemsPerPage: 3, showImages: false },
    sortId: 100,
  });
}

/** The demo's form (issue 11): a volunteers' sign-up, published as version 1. */
async function createDemoForm(tx: Transaction): Promise<string> {
  const option = (value: string, nl: string, en: string) => ({ value, label: { nl, en } });
  const definition: FormDefinition = {
    fields: [
      { key: 'naam', kind: 'shortText', label: { nl: 'Naam', en: 'Name' }, required: true, max: 200 },
      { key: 'email', kind: 'email', label: { nl: 'E-mailadres', en: 'E-mail address' }, required: true },
      {
        key: 'hulp',
        kind: 'multipleChoice',
        label: { nl: 'Waar wil je helpen?', en: 'Where would you like to help?' },
        required: true,
        options: [
          option('bar', 'Achter de bar', 'Behind the bar'),
          option('opbouw', 'Opbouwen en opruimen', 'Setting up and clearing away'),
          option('kinderen', 'Kinderactiviteiten', "Children's activities"),
        ],
      },
      {
        key: 'wanneer',
        kind: 'singleChoice',
        label: { nl: 'Wanneer kun je?', en: 'When are you available?' },
        required: false,
        options: [
          option('doordeweeks', 'Doordeweeks', 'Weekdays'),
          option('weekend', 'In het weekend', 'At weekends'),
        ],
      },
      { key: 'opmerking', kind: 'longText', label: { nl: 'Opmerking', en: 'Comments' }, required: false },
      {
        key: 'akkoord',
        kind: 'consent',
        label: {
          nl: 'Ik ga akkoord met het bewaren van mijn gegevens voor het vrijwilligerswerk.',
          en: 'I agree that my details are kept for the volunteer work.',
        },
        required: true,
        link: '/legal/privacy',
      },
    ],
  };
  const [form] = await tx
    .insert(forms)
    .values({
      title: 'Aanmelden als vrijwilliger',
      settings: { ...DEFAULT_FORM_SETTINGS, retentionDays: 365 },
      draft: definition,
      currentVersion: 1,
    })
    .returning({ id: forms.id });
  if (!form) throw new Error('demo form not created');
  await tx.insert(formVersions).values({ formId: form.id, version: 1, definition });
  return form.id;
}
