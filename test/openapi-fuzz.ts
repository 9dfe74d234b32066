/**
 * Input for the OpenAPI-driven fuzz test (server/openapi-fuzz.test.ts): requests for every
 * operation of the API document, built from its JSON Schemas. "Valid" requests follow the schemas
 * as far as a small generator can (formats, enums, bounds, required properties); "invalid" ones
 * break them on purpose (wrong types, bounds, unknown guids, hostile strings, broken bodies). A
 * seeded generator makes every run reproducible: FUZZ_SEED picks the seed.
 */

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
  nullable?: boolean;
};

export type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
};

export type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
  bodyTypes: string[];
  statuses: Set<string>;
};

export type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        responses?: Record<string, unknown>;
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the document, with its parameters, body schema and documented statuses. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => {
        const content = operation.requestBody?.content ?? {};
        return {
          method: method.toUpperCase(),
          path,
          parameters: operation.parameters ?? [],
          body: content['application/json']?.schema ?? null,
          bodyTypes: Object.keys(content),
          statuses: new Set(Object.keys(operation.responses ?? {})),
        };
      }),
  );
}

/** mulberry32: a small, fast, seeded generator. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(values: readonly T[]): T => values[int(0, values.length - 1)]!;
  const chance = (probability: number) => next() < probability;
  return { next, int, pick, chance };
}
export type Random = ReturnType<typeof createRandom>;

/** Strings that have broken servers before: injection, traversal, encodings, control characters. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  "'; DROP TABLE pages; --",
  '" OR 1=1 --',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '../../../etc/passwd',
  '%00',
  '%E0%A4%A',
  '\uD800',
  '😀'.repeat(50),
  'a'.repeat(5000),
  '{"a":',
  `${'$'}{7*7}`,
  '\\u0000',
  '0x7f',
  '-1',
  '1e309',
  'NaN',
  'true',
  '[]',
  '00000000-0000-0000-0000-000000000000',
  'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ',
];

const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2 ** 53,
  -(2 ** 63),
  1e308,
  [],
  [null],
  {},
  { __proto__: { polluted: true } },
  { constructor: { prototype: { polluted: true } } },
  'x',
  ...HOSTILE_STRINGS.slice(0, 12),
];

/** Values a schema generator draws from, besides its own: guids of real records, so valid requests reach deep. */
export type Pools = { guids: string[]; strings: string[] };

export class Generator {
  constructor(
    private readonly random: Random,
    private readonly document: OpenApiDocument,
    private readonly pools: Pools,
  ) {}

  resolve(schema: JsonSchema): JsonSchema {
    if (!schema.$ref) return schema;
    const name = schema.$ref.split('/').at(-1) ?? '';
    return this.resolve(this.document.components?.schemas?.[name] ?? {});
  }

  /** A value the schema accepts (as far as this generator knows: patterns are approximated). */
  valid(input: JsonSchema, depth = 0): unknown {
    const schema = this.resolve(input);
    const { random } = this;
    if (schema.const !== undefined) return schema.const;
    if (schema.enum) return random.pick(schema.enum);
    if (schema.anyOf ?? schema.oneOf) {
      const options = (schema.anyOf ?? schema.oneOf ?? []).filter(
        (option) => this.resolve(option).type !== 'null',
      );
      return options.length > 0 ? this.valid(random.pick(options), depth + 1) : null;
    }
    if (schema.allOf) {
      return Object.assign({}, ...schema.allOf.map((part) => this.valid(part, depth + 1) as object));
    }
    const types = Array.isArray(schema.type) ? schema.type.filter((type) => type !== 'null') : [schema.type];
    const type = random.pick(types) ?? (schema.properties ? 'object' : 'string');
    switch (type) {
      case 'object': {
        const result: Record<string, unknown> = {};
        for (const [key, property] of Object.entries(schema.properties ?? {})) {
          const isRequired = schema.required?.includes(key) ?? false;
          if ((isRequired || random.chance(0.6)) && depth < 6) result[key] = this.valid(property, depth + 1);
        }
        return result;
      }
      case 'array': {
        const min = schema.minItems ?? 0;
        const max = Math.min(schema.maxItems ?? 3, min + 3);
        const count = depth < 6 ? random.int(min, Math.max(min, max)) : min;
        return Array.from({ length: count }, () => this.valid(schema.items ?? {}, depth + 1));
      }
      case 'integer':
      case 'number': {
        const min =
          schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
        const max =
          schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : min + 100);
        const value = min + random.next() * (Math.min(max, min + 1000) - min);
        return type === 'integer' ? Math.round(value) : value;
      }
      case 'boolean':
        return random.chance(0.5);
      case 'null':
        return null;
      default:
        return this.validString(schema);
    }
  }

  private validString(schema: JsonSchema): string {
    const { random } = this;
    switch (schema.format) {
      case 'uuid':
        return random.chance(0.8) && this.pools.guids.length > 0
          ? random.pick(this.pools.guids)
          : crypto.randomUUID();
      case 'email':
        return `fuzz-${random.int(0, 1e6)}@example.org`;
      case 'date-time':
        return new Date(
          Date.UTC(2026, random.int(0, 11), random.int(1, 28), random.int(0, 23)),
        ).toISOString();
      case 'date':
        return `2026-0${random.int(1, 9)}-1${random.int(0, 9)}`;
      case 'uri':
        return random.pick(['https://www.example.org/', '/over-ons', 'https://vimeo.com/76979871']);
      default:
        break;
    }
    if (schema.pattern) {
      const candidates = [...this.pools.strings, ...this.pools.guids].filter((candidate) => {
        try {
          return new RegExp(schema.pattern!, 'u').test(candidate);
        } catch {
          return false;
        }
      });
      if (candidates.length > 0) return random.pick(candidates);
    }
    const min = schema.minLength ?? 0;
    const max = Math.min(schema.maxLength ?? 40, min + 40);
    const base =
      random.chance(0.5) && this.pools.strings.length > 0 ? random.pick(this.pools.strings) : 'fuzz';
    let text = base.slice(0, max);
    while (text.length < min) text += 'x';
    return text;
  }

  /** A value the schema refuses (or at least one it was not written for). */
  invalid(input: JsonSchema): unknown {
    const schema = this.resolve(input);
    const { random } = this;
    const strategies: (() => unknown)[] = [
      () => random.pick(HOSTILE_VALUES),
      () => random.pick(HOSTILE_STRINGS),
    ];
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    if (type === 'object' || schema.properties) {
      strategies.push(
        () => {
          const value = this.valid(schema) as Record<string, unknown>;
          const keys = Object.keys(schema.properties ?? {});
          if (keys.length > 0) value[random.pick(keys)] = random.pick(HOSTILE_VALUES);
          return value;
        },
        () => {
          const value = this.valid(schema) as Record<string, unknown>;
          const required = schema.required ?? [];
          if (required.length > 0) delete value[random.pick(required)];
          return value;
        },
        () => ({ ...(this.valid(schema) as object), unexpected: 'field', ['__proto__']: { admin: true } }),
      );
    }
    if (type === 'array') {
      strategies.push(
        () => Array.from({ length: (schema.maxItems ?? 100) + 1 }, () => this.valid(schema.items ?? {})),
        () => [random.pick(HOSTILE_VALUES)],
      );
    }
    if (type === 'string') {
      strategies.push(
        () => 'x'.repeat((schema.maxLength ?? 10_000) + 1),
        () => (schema.minLength ? 'x'.repeat(schema.minLength - 1) : 42),
      );
    }
    if (type === 'integer' || type === 'number') {
      strategies.push(
        () => (schema.maximum ?? 2 ** 31) + 1,
        () => (schema.minimum ?? -(2 ** 31)) - 1,
        () => 0.5,
        () => '12',
      );
    }
    return random.pick(strategies)();
  }
}

export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | undefined;
  description: string;
};

const PATH_PARAM = /\{([^}]+)\}/g;

const FILE_PART = 'Content-Disposition: form-data; name="Image"; filename="x.png"\r\nContent-Type: image/png';

/** Multipart bodies for uploads: well formed but not an image, and broken in the ways clients break them. */
const MULTIPART_BODIES: ReadonlyArray<readonly [string, string]> = [
  ['multipart/form-data; boundary=fuzz', `--fuzz\r\n${FILE_PART}\r\n\r\nnot an image\r\n--fuzz--`],
  ['multipart/form-data; boundary=fuzz', `--fuzz\r\n${FILE_PART}\r\n\r\n\x89PNG\r\n`],
  ['multipart/form-data; boundary=fuzz', `--fuzz\r\nContent-Disposition: form-data\r\n\r\nx\r\n--fuzz--`],
  ['multipart/form-data; boundary=fuzz', ''],
  ['multipart/form-data; boundary=fuzz', 'no parts at all'],
  ['multipart/form-data', `--fuzz\r\n${FILE_PART}\r\n\r\nx\r\n--fuzz--`],
];

/** A path segment, percent-encoded; a lone surrogate (no UTF-8 form) is sent as broken bytes on purpose. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** A request for `operation`: valid throughout, or with one part broken (`break` names which). */
export function buildRequest(
  generator: Generator,
  random: Random,
  operation: Operation,
  mode: 'valid' | 'invalid',
): FuzzRequest {
  const broken = mode === 'valid' ? null : random.pick(['path', 'query', 'body', 'encoding'] as const);
  const path = operation.path.replace(PATH_PARAM, (_match, name: string) => {
    const parameter = operation.parameters.find((entry) => entry.in === 'path' && entry.name === name);
    const value =
      broken === 'path'
        ? random.pick([...HOSTILE_STRINGS.filter((text) => text !== ''), 'not-a-guid', '12345678'])
        : generator.valid(parameter?.schema ?? { type: 'string' });
    return encodeSegment(String(value));
  });
  const query = new URLSearchParams();
  const queryParameters = operation.parameters.filter((entry) => entry.in === 'query');
  // Few optional parameters at a time: some operations take "exactly one of" (the upload's purpose).
  const optionalChance = Math.min(0.5, 1 / queryParameters.filter((entry) => !entry.required).length);
  for (const parameter of queryParameters) {
    if (broken === 'query' && random.chance(0.7)) {
      const value = generator.invalid(parameter.schema ?? {});
      query.append(parameter.name, typeof value === 'string' ? value : JSON.stringify(value));
      if (random.chance(0.3)) query.append(parameter.name, 'twice');
      continue;
    }
    if (!parameter.required && !random.chance(optionalChance)) continue;
    const value = generator.valid(parameter.schema ?? {});
    if (Array.isArray(value)) for (const entry of value) query.append(parameter.name, String(entry));
    else query.append(parameter.name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  if (broken === 'query' && random.chance(0.3))
    query.append(random.pick(HOSTILE_STRINGS) || 'x', random.pick(HOSTILE_STRINGS));
  const search = query.toString();
  const headers: Record<string, string> = {};
  let payload: string | undefined;
  const takesBody = operation.body !== null || operation.bodyTypes.length > 0;
  if (takesBody) {
    headers['content-type'] = operation.bodyTypes.includes('application/json')
      ? 'application/json'
      : (operation.bodyTypes[0] ?? 'application/json');
    if (broken === 'encoding') {
      const [contentType, body] = random.pick([
        ['application/json', '{"broken": '],
        ['application/json', ''],
        ['application/json', 'null'],
        ['application/json', '"a string"'],
        ['text/plain', 'hallo'],
        ['application/x-www-form-urlencoded', 'a=1&b=2'],
        [
          'multipart/form-data; boundary=x',
          '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
        ],
        ['application/json; charset=latin1', '{}'],
      ] as const);
      headers['content-type'] = contentType;
      payload = body;
    } else if (operation.body) {
      payload = JSON.stringify(
        broken === 'body' ? generator.invalid(operation.body) : generator.valid(operation.body),
      );
    } else if (operation.bodyTypes.includes('multipart/form-data')) {
      // Uploads: the fuzzer sends no real image; a broken form or wrong type must still answer 4xx.
      [headers['content-type'], payload] = random.pick(MULTIPART_BODIES);
    }
  } else if (broken === 'encoding' && operation.method !== 'GET') {
    // A body where none belongs (a DELETE with a JSON content type and nothing, or junk).
    headers['content-type'] = 'application/json';
    payload = random.pick(['', '{}', '{"x":']);
  }
  const url = `${path}${search ? `?${search}` : ''}`;
  return {
    method: operation.method,
    url,
    headers,
    payload,
    description: `${mode}${broken ? ` (${broken})` : ''} ${operation.method} ${url}${payload !== undefined ? ` ${headers['content-type']} ${payload.slice(0, 200)}` : ''}`,
  };
}
