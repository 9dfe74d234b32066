import type { ContactKind } from '../../../../common/blocks/contact.ts';
import { telHref } from '../../../../common/contact.ts';
import type { JsonLdNode } from '../../../../common/discovery.ts';
import type { ServerBlockType } from './define.ts';

const SCHEMA_TYPES: Record<ContactKind, string> = {
  organization: 'Organization',
  place: 'Place',
  person: 'Person',
};

/** The texts of a node that are given, in this order (a property without a value is left out). */
const given = (properties: Record<string, string>) =>
  Object.fromEntries(Object.entries(properties).filter(([, value]) => value !== ''));

export const contact: ServerBlockType<'contact'> = {
  // A card without a name shows nothing (edit mode shows its placeholder). The content passed its
  // schema (prepare.ts), so the phone number and the e-mail address passed their rules.
  prepare: ({ content, options }) => {
    const name = content.title.trim();
    if (name === '') return null;
    const phoneText = content.phone.trim();
    const phoneHref = phoneText === '' ? null : telHref(phoneText);
    const emailText = content.email.trim();
    const role = content.label.trim();
    const address = content.address.trim();
    const openingHours = content.openingHours.trim();
    // The card as schema.org reads it. No `url`: the card names no website of its own (the page
    // it stands on is not the organisation's), so none is known.
    const jsonLd: JsonLdNode = {
      '@context': 'https://schema.org',
      '@type': SCHEMA_TYPES[options.kind],
      name,
      ...given({
        ...(options.kind === 'person' ? { jobTitle: role } : {}),
        telephone: phoneHref === null ? '' : phoneText,
        email: emailText,
        address,
        openingHours,
      }),
    };
    return {
      name,
      role,
      phone: phoneHref === null ? null : { text: phoneText, href: phoneHref },
      email: emailText === '' ? null : { text: emailText, href: `mailto:${emailText}` },
      address,
      openingHours,
      jsonLd,
    };
  },
};
