import { z } from 'zod';
import { optionalEmailSchema, optionalPhoneSchema } from '../contact-schemas.ts';
import type { JsonLdNode } from '../discovery.ts';
import { defineBlockType } from './define.ts';

/** Which schema.org type the card's JSON-LD names: an organisation, a place (a building) or a person. */
export const CONTACT_KINDS = ['organization', 'place', 'person'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

export const MAX_CONTACT_NAME_LENGTH = 200;
export const MAX_CONTACT_ROLE_LENGTH = 200;
export const MAX_CONTACT_ADDRESS_LENGTH = 500;
export const MAX_CONTACT_HOURS_LENGTH = 1000;

/**
 * A contact card: who (a person, an organisation, a place), how to reach them and when. The name is
 * stored as `title` and the role as `label`, the keys the search index reads (search_plain_text
 * takes title, label, text, caption and alt), so both are found; phone, e-mail, address and opening
 * hours are not searched. The phone and e-mail follow the one rule of each (common/contact-schemas.ts);
 * the address and the opening hours are plain text whose line breaks are kept.
 */
export const contactBlock = defineBlockType({
  content: z.object({
    title: z.string().min(1).max(MAX_CONTACT_NAME_LENGTH),
    label: z.string().max(MAX_CONTACT_ROLE_LENGTH).default(''),
    phone: optionalPhoneSchema.default(''),
    email: optionalEmailSchema.default(''),
    address: z.string().max(MAX_CONTACT_ADDRESS_LENGTH).default(''),
    openingHours: z.string().max(MAX_CONTACT_HOURS_LENGTH).default(''),
  }),
  options: z.object({ kind: z.enum(CONTACT_KINDS).default('organization') }),
  isLocalized: true,
  newContent: () => ({ title: '', label: '', phone: '', email: '', address: '', openingHours: '' }),
});

/**
 * What visitors get: the texts trimmed ('' when not given), the phone number as typed with its
 * `tel:` link (digits and a leading +), the e-mail address with its `mailto:` link, and the card as a
 * schema.org node (`jsonLd`) that the view writes in a `<script type="application/ld+json">`.
 */
export type ContactBlockData = {
  name: string;
  role: string;
  phone: { text: string; href: string } | null;
  email: { text: string; href: string } | null;
  address: string;
  openingHours: string;
  jsonLd: JsonLdNode;
};
