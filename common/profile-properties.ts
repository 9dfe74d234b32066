import type { LocalizedText } from './localized-text.ts';
import { FIELD_RULES } from './validation.ts';

export const PROPERTY_CATEGORIES = ['profile', 'security', 'privacy'] as const;
export type PropertyCategory = (typeof PROPERTY_CATEGORIES)[number];

export const PROPERTY_INPUT_TYPES = [
  'text',
  'textarea',
  'email',
  'date',
  'time',
  'number',
  'boolean',
  'select',
  'color',
  'image',
  'readonly',
] as const;
export type PropertyInputType = (typeof PROPERTY_INPUT_TYPES)[number];

/** A profile property definition (SPEC 3). */
export type PropertyDefinition = {
  key: string;
  label: LocalizedText;
  category: PropertyCategory;
  section: string;
  subsection: string;
  sectionSortOrdinal: number;
  sortOrdinal: number;
  /** 'self': only the user (and admins) see the value; 'user': every signed-in user does. */
  visibleFor: 'self' | 'user';
  inputType: PropertyInputType;
  isRequired: boolean;
  options: { value: string; label: LocalizedText }[];
  /** Platform-operator-only: visible to isMett users only. */
  isMettOnly: boolean;
  isBuiltIn: boolean;
  defaultValue?: string;
};

const builtIn = (
  definition: Omit<PropertyDefinition, 'isBuiltIn' | 'subsection' | 'options' | 'isMettOnly' | 'isRequired'> &
    Partial<PropertyDefinition>,
): PropertyDefinition => ({
  subsection: '',
  options: [],
  isMettOnly: false,
  isRequired: false,
  ...definition,
  isBuiltIn: true,
});

/** SPEC 3 built-in properties and the other known keys. Sites add their own in the database. */
export const BUILT_IN_PROPERTIES: PropertyDefinition[] = [
  builtIn({
    key: 'accountEmail',
    label: { nl: 'E-mailadres', en: 'E-mail address' },
    category: 'security',
    section: 'account',
    sectionSortOrdinal: 10,
    sortOrdinal: 10,
    visibleFor: 'self',
    inputType: 'readonly',
  }),
  builtIn({
    key: 'termsOfUse',
    label: { nl: 'Gebruiksvoorwaarden', en: 'Terms of use' },
    category: 'privacy',
    section: 'legal',
    sectionSortOrdinal: 10,
    sortOrdinal: 10,
    visibleFor: 'self',
    inputType: 'readonly',
  }),
  builtIn({
    key: 'privacyStatement',
    label: { nl: 'Privacyverklaring', en: 'Privacy statement' },
    category: 'privacy',
    section: 'legal',
    sectionSortOrdinal: 10,
    sortOrdinal: 20,
    visibleFor: 'self',
    inputType: 'readonly',
  }),
  builtIn({
    key: 'cookies',
    label: { nl: 'Cookies', en: 'Cookies' },
    category: 'privacy',
    section: 'legal',
    sectionSortOrdinal: 10,
    sortOrdinal: 30,
    visibleFor: 'self',
    inputType: 'readonly',
  }),
  builtIn({
    key: 'profielfoto',
    label: { nl: 'Profielfoto', en: 'Profile photo' },
    category: 'profile',
    section: 'personal',
    sectionSortOrdinal: 10,
    sortOrdinal: 5,
    visibleFor: 'user',
    inputType: 'image',
  }),
  builtIn({
    key: 'alias',
    label: { nl: 'Roepnaam', en: 'Alias' },
    category: 'profile',
    section: 'personal',
    sectionSortOrdinal: 10,
    sortOrdinal: 20,
    visibleFor: 'user',
    inputType: 'text',
  }),
  builtIn({
    key: 'notificationClose',
    label: { nl: 'Meldingen sluiten na (seconden)', en: 'Close notifications after (seconds)' },
    category: 'profile',
    section: 'preferences',
    sectionSortOrdinal: 20,
    sortOrdinal: 10,
    visibleFor: 'self',
    inputType: 'number',
    defaultValue: '10',
  }),
];

/** SPEC 9: notifications close after 10 seconds unless the user chose otherwise. */
export const DEFAULT_NOTIFICATION_CLOSE_SECONDS = 10;

/** Why a value does not fit its definition (an i18n key), or null when it does. */
export function propertyValueProblem(definition: PropertyDefinition, value: string): string | null {
  if (value.trim() === '') return definition.isRequired ? 'validation.required' : null;
  if (value.length > 10_000) return 'validation.tooLong';
  const check = (result: true | false | string) =>
    result === true ? null : typeof result === 'string' ? result : 'validation.invalid';
  switch (definition.inputType) {
    case 'readonly':
      return 'validation.readonly';
    case 'email':
      return check(FIELD_RULES.email(value));
    case 'date':
      return check(FIELD_RULES.date(value));
    case 'time':
      return check(FIELD_RULES.time(value));
    case 'number':
      return check(FIELD_RULES.nonNegativeNumber(value));
    case 'color':
      return check(FIELD_RULES.hexColor(value));
    case 'boolean':
      return value === 'true' || value === 'false' ? null : 'validation.boolean';
    case 'select':
      return definition.options.some((option) => option.value === value) ? null : 'validation.option';
    case 'image':
      return /^[0-9a-f-]{36}$/i.test(value) ? null : 'validation.image';
    case 'text':
      return value.length > 500 ? 'validation.tooLong' : null;
    default:
      return null;
  }
}

/**
 * The key of a site-defined property (SPEC 5 slug rule: letters, digits, underscore, hyphen), ASCII
 * only and starting with a letter, 2–64 characters; keys are compared as typed (`accountEmail`).
 */
export const PROPERTY_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{1,63}$/;

/** Why `value` is no property key (an i18n key), or null when it is one. */
export function propertyKeyProblem(value: string): 'validation.propertyKey' | null {
  return PROPERTY_KEY_PATTERN.test(value) ? null : 'validation.propertyKey';
}

/** Built-in keys: never deleted, never renamed. */
export const BUILT_IN_PROPERTY_KEYS: ReadonlySet<string> = new Set(BUILT_IN_PROPERTIES.map((p) => p.key));

/** The input types a site property takes (`readonly` and `image` belong to built-ins). */
export const DEFINABLE_INPUT_TYPES = PROPERTY_INPUT_TYPES.filter(
  (type) => type !== 'readonly' && type !== 'image',
) as Exclude<PropertyInputType, 'readonly' | 'image'>[];
