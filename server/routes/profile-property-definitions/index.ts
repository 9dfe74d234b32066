import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFINABLE_INPUT_TYPES,
  PROPERTY_CATEGORIES,
  PROPERTY_INPUT_TYPES,
  propertyKeyProblem,
} from '../../../common/profile-properties.ts';
import * as accounts from '../../domains/accounts/index.ts';
import { errorResponseSchema, errorResponses, nameSchema } from '../common-schemas.ts';
import { contextOf } from '../context.ts';

const adminErrors = {
  ...errorResponses,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
};

const keySchema = z
  .string()
  .max(64)
  .refine((value) => propertyKeyProblem(value) === null, { message: 'validation.propertyKey' });
const localizedLabel = z.object({ nl: nameSchema(200), en: z.string().trim().max(200).default('') });
const sectionName = z
  .string()
  .trim()
  .max(100)
  .regex(/^[\p{L}\p{N} _-]*$/u, 'validation.invalid')
  .default('');

/** A property definition as the admin edits it (both languages). */
const definitionSchema = z
  .object({
    key: z.string(),
    label: z.object({ nl: z.string(), en: z.string() }),
    category: z.enum(PROPERTY_CATEGORIES),
    section: z.string(),
    subsection: z.string(),
    sectionSortOrdinal: z.number().int(),
    sortOrdinal: z.number().int(),
    visibleFor: z.enum(['self', 'user']),
    inputType: z.enum(PROPERTY_INPUT_TYPES),
    isRequired: z.boolean(),
    options: z.array(z.object({ value: z.string(), label: z.object({ nl: z.string(), en: z.string() }) })),
    isMettOnly: z.boolean(),
    isBuiltIn: z.boolean(),
    /** How many accounts hold a value (deleting the definition deletes them). */
    valueCount: z.number().int(),
  })
  .meta({ id: 'ProfilePropertyDefinitionAdmin' });

const definitionBody = z
  .object({
    key: keySchema,
    label: localizedLabel,
    category: z.enum(PROPERTY_CATEGORIES),
    section: sectionName,
    subsection: sectionName,
    sectionSortOrdinal: z.number().int().min(0).max(100_000).default(100),
    sortOrdinal: z.number().int().min(0).max(100_000).default(1000),
    visibleFor: z.enum(['self', 'user']).default('self'),
    /** Built-ins keep their own input type whatever is sent. */
    inputType: z.enum(PROPERTY_INPUT_TYPES),
    isRequired: z.boolean().default(false),
    options: z
      .array(z.object({ value: nameSchema(100), label: localizedLabel }))
      .max(100)
      .default([]),
    isMettOnly: z.boolean().default(false),
  })
  .superRefine((value, context) => {
    if (value.inputType === 'select' && value.options.length === 0) {
      context.addIssue({ code: 'custom', path: ['options'], message: 'validation.optionsRequired' });
    }
    const values = value.options.map((option) => option.value);
    if (new Set(values).size !== values.length) {
      context.addIssue({ code: 'custom', path: ['options'], message: 'validation.optionsUnique' });
    }
  });

const createBody = definitionBody.refine(
  (value) => (DEFINABLE_INPUT_TYPES as readonly string[]).includes(value.inputType),
  { path: ['inputType'], message: 'validation.option' },
);

const keyParams = z.object({ key: keySchema });

/** Profile property definitions (SPEC 3): the site's own properties, and the built-ins' presentation. */
export const profilePropertyDefinitionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/profilepropertydefinitions',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Every profile property definition, in display order, for editing (admins)',
        response: { 200: z.array(definitionSchema), ...adminErrors },
      },
    },
    async (request) => accounts.definitionsForAdmin(contextOf(request)),
  );

  app.post(
    '/api/profilepropertydefinitions',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Define a site profile property (admins; operator-only ones: operators)',
        body: createBody,
        response: { 201: definitionSchema, ...adminErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await accounts.addDefinition(contextOf(request), request.body)),
  );

  app.put(
    '/api/profilepropertydefinitions/:key',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Change a profile property definition (admins); a built-in keeps its key and input type',
        params: keyParams,
        body: definitionBody,
        response: { 200: definitionSchema, ...adminErrors },
      },
    },
    async (request) => accounts.changeDefinition(contextOf(request), request.params.key, request.body),
  );

  app.delete(
    '/api/profilepropertydefinitions/:key',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Delete a site profile property and every value of it (admins); built-ins stay (409)',
        params: keyParams,
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await accounts.removeDefinition(contextOf(request), request.params.key);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/profilepropertydefinitions::reorder',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Put profile properties in this order (admins)',
        body: z.object({ keys: z.array(keySchema).min(1).max(200) }),
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await accounts.reorderProperties(contextOf(request), request.body.keys);
      return reply.status(204).send(null);
    },
  );
};
