/**
 * Validation problems as message keys of the catalogues' `validation` section, with the values
 * their texts need. The server translates every error detail with these (so a Dutch request never
 * gets English details), and the block editor shows the same texts at the field.
 */
export type IssueMessage = { key: `validation.${string}`; params?: Record<string, string | number> };

/** A schema problem as zod reports it (code and its parameters; path and message left out). */
export type SchemaIssue = {
  code: string;
  origin?: unknown;
  format?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  expected?: unknown;
  keys?: unknown;
  message?: unknown;
  /** What a refinement names in its message (`{ name }` of an unknown page option). */
  params?: unknown;
};

const TYPES = new Set(['string', 'number', 'int', 'boolean', 'object', 'array', 'date']);
const FORMATS: Record<string, IssueMessage['key']> = {
  uuid: 'validation.guid',
  guid: 'validation.guid',
  email: 'validation.email',
  url: 'validation.url',
  regex: 'validation.pattern',
  datetime: 'validation.dateTime',
  date: 'validation.date',
  time: 'validation.time',
};

/** Whether a text is a message key of the validation catalogue (rules in common/ return these). */
export function isIssueKey(value: unknown): value is IssueMessage['key'] {
  return typeof value === 'string' && /^validation\.[A-Za-z]+$/.test(value);
}

const bound = (value: unknown) =>
  typeof value === 'number' || typeof value === 'bigint' ? Number(value) : 0;

export function issueMessage(issue: SchemaIssue): IssueMessage {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'undefined' || issue.expected === 'never')
        return { key: 'validation.unknownField' };
      return TYPES.has(String(issue.expected))
        ? { key: `validation.types.${String(issue.expected)}` as IssueMessage['key'] }
        : { key: 'validation.invalid' };
    case 'too_small': {
      const minimum = bound(issue.minimum);
      if (issue.origin === 'string') {
        return minimum <= 1
          ? { key: 'validation.required' }
          : { key: 'validation.minLength', params: { minimum } };
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return { key: 'validation.minItems', params: { minimum } };
      }
      return { key: 'validation.minimum', params: { minimum } };
    }
    case 'too_big': {
      const maximum = bound(issue.maximum);
      if (issue.origin === 'string') return { key: 'validation.maxLength', params: { maximum } };
      if (issue.origin === 'array' || issue.origin === 'set') {
        return { key: 'validation.maxItems', params: { maximum } };
      }
      return { key: 'validation.maximum', params: { maximum } };
    }
    case 'invalid_format':
      // A rule may name its own problem (`regex(…, 'validation.itemType')`).
      if (isIssueKey(issue.message)) return { key: issue.message };
      return { key: FORMATS[String(issue.format)] ?? 'validation.format' };
    case 'invalid_value':
      return { key: 'validation.option' };
    case 'unrecognized_keys':
      return {
        key: 'validation.unknownFields',
        params: { keys: Array.isArray(issue.keys) ? issue.keys.join(', ') : '' },
      };
    case 'custom':
      // A refinement names its problem with a key (the rules in common/ do); anything else is generic.
      if (!isIssueKey(issue.message)) return { key: 'validation.invalid' };
      return {
        key: issue.message,
        ...(textParams(issue.params) ? { params: textParams(issue.params) } : {}),
      };
    default:
      return { key: 'validation.invalid' };
  }
}

/** A refinement's parameters, if they are texts and numbers only (anything else is left out). */
function textParams(value: unknown): Record<string, string | number> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string | number] =>
      typeof entry[1] === 'string' || typeof entry[1] === 'number',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}
