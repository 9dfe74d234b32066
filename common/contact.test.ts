import { describe, expect, it } from 'vitest';
import { isPhoneNumber, telHref } from './contact.ts';
import { emailSchema, optionalEmailSchema, optionalPhoneSchema } from './contact-schemas.ts';

/*
 * The corpus of the phone rule (the contact block, issue 31): what people type, and what an attacker
 * or a slip of the keyboard would put in a `tel:` link. A hostile value that one day passes is a
 * hole; add every new trick here. The e-mail addresses are zod's rule, tried with the same tricks.
 */

/** Why a schema refused a value: the rule's message key, or `too_big` for the length limit. */
const refusal = (result: { error?: { issues: { code: string; message: string }[] } | undefined }) => {
  const issue = result.error?.issues[0];
  return issue?.code === 'too_big' ? issue.code : issue?.message;
};

const HOSTILE_PHONES = [
  'javascript:alert(1)',
  'tel:0513123456',
  'tel:+31513123456',
  'TEL:0513123456',
  '0513123456;ext=<script>alert(1)</script>',
  '123;ext=<script>',
  '0513123456;phone-context=evil.example',
  '0513123456,123',
  '0513123456 p123',
  '0513123456#',
  '0513123456*31',
  '0513 123 456\n',
  '\n0513123456',
  '0513123456\r\nX-Header: 1',
  '0513\t123456',
  '0513123456\u0000',
  '0513\u00a0123456', // a no-break space
  '0513\u2009123456', // a thin space
  '0513\u200b123456', // a zero-width space
  '\u202e6543213150', // right-to-left override
  '\uff10\uff15\uff11\uff13\uff11\uff12\uff13\uff14\uff15\uff16', // fullwidth digits
  '\u0660\u0665\u0661\u0663\u0661\u0662\u0663\u0664\u0665\u0666', // Arabic-Indic digits
  '𝟎𝟓𝟏𝟑𝟏𝟐𝟑𝟒𝟓𝟔', // mathematical digits
  '0513–123456', // an en dash
  '＋31513123456', // a fullwidth plus
  '++31513123456',
  '31+513123456',
  '+31 +513123456',
  '0513_123456',
  '0513 123 456 (huis)',
  'O513123456', // the letter O
  '05l3123456', // the letter l
  '<0513123456>',
  '"0513123456"',
  '0513123456%0A',
  '%2B31513123456',
  '&#48;513123456',
  '',
  ' ',
  '          ',
  '( ) - . + ',
  '12345', // five digits
  '+1 (234)',
  '1'.repeat(21),
  `0${' '.repeat(40)}513123456`,
  '0513123456'.repeat(10),
];

const GOOD_PHONES: [string, string][] = [
  ['0513 123 456', 'tel:0513123456'],
  ['0513-123456', 'tel:0513123456'],
  ['(0513) 12 34 56', 'tel:0513123456'],
  ['06.12.34.56.78', 'tel:0612345678'],
  ['+31 513 123 456', 'tel:+31513123456'],
  ['+31 (0)513-123456', 'tel:+31513123456'],
  ['+44 20 7946 0958', 'tel:+442079460958'],
  ['0800-1234', 'tel:08001234'],
  ['0513/123456', 'tel:0513123456'], // as forms took it before the rule was shared
  ['123456', 'tel:123456'],
  ['1'.repeat(20), `tel:${'1'.repeat(20)}`],
];

describe('isPhoneNumber and telHref: the hostile corpus', () => {
  it('is a corpus worth the name', () => {
    expect(HOSTILE_PHONES.length).toBeGreaterThan(40);
  });

  it.each(HOSTILE_PHONES)('refuses %j', (value) => {
    expect(isPhoneNumber(value)).toBe(false);
    expect(telHref(value)).toBeNull();
    if (value !== '')
      expect(refusal(optionalPhoneSchema.safeParse(value))).toMatch(/^(validation\.phone|too_big)$/);
  });
});

describe('isPhoneNumber and telHref: numbers as people write them', () => {
  it.each(GOOD_PHONES)('takes %j, dialled as %j', (value, href) => {
    expect(isPhoneNumber(value)).toBe(true);
    expect(telHref(value)).toBe(href);
    expect(optionalPhoneSchema.parse(value)).toBe(value);
  });

  it('makes links of digits and a leading + only', () => {
    for (const [value] of GOOD_PHONES) expect(telHref(value)).toMatch(/^tel:\+?\d{6,20}$/);
  });

  it('takes no number at all as none', () => {
    expect(optionalPhoneSchema.parse('')).toBe('');
    expect(optionalPhoneSchema.safeParse(' ').error?.issues[0]?.message).toBe('validation.phone');
  });
});

describe('emailSchema: the same tricks', () => {
  it.each([
    'javascript:alert(1)',
    'javascript:alert(1)//@example.nl',
    'a@example.nl?subject=x',
    'a@example.nl?bcc=b@example.nl',
    'a@example.nl\n',
    'a@example.nl\r\nBcc: b@example.nl',
    ' a@example.nl',
    'a @example.nl',
    '<a@example.nl>',
    '"a"@example.nl',
    'a@example.nl%0Abcc:b@example.nl',
    'ä@example.nl',
    'a@exаmple.nl', // a Cyrillic а
    'a\u200b@example.nl',
    'a@localhost',
    'a@',
    '@example.nl',
    'a@@example.nl',
    'mailto:a@example.nl',
    `${'a'.repeat(250)}@example.nl`,
    '',
    '   ',
  ])('refuses %j', (value) => {
    expect(emailSchema.safeParse(value).success).toBe(false);
    if (value !== '')
      expect(refusal(optionalEmailSchema.safeParse(value))).toMatch(/^(validation\.email|too_big)$/);
  });

  it.each(['info@dorpshuis.nl', 'a.de.vries+nieuws@voorbeeld.example.org', "o'brien@example.ie"])(
    'takes %j',
    (value) => {
      expect(emailSchema.parse(value)).toBe(value);
      expect(optionalEmailSchema.parse(value)).toBe(value);
    },
  );

  it('takes no address at all as none', () => {
    expect(optionalEmailSchema.parse('')).toBe('');
  });
});
