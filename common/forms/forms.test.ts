import { describe, expect, it } from 'vitest';
import { checkAnswers, fieldProblem, shownFieldKeys } from './answers.ts';
import {
  definitionChanges,
  type FormDefinition,
  formDefinitionSchema,
  formSteps,
  newFieldKey,
} from './definition.ts';
import { FORM_FILE_MAX_BYTES, fileAcceptAttribute, fileSizeProblem, fileTypeProblem } from './files.ts';
import {
  acceptsSubmissions,
  fitsListItemField,
  formAvailability,
  formListItemSchema,
  formSettingsSchema,
  listItemFieldProblems,
} from './settings.ts';

const NOW = new Date('2026-11-23T12:00:00Z');
const minutes = (count: number) => new Date(NOW.getTime() + count * 60_000).toISOString();

describe('formAvailability (SPEC 4)', () => {
  it.each([
    ['Closed', null, null, 'closed'],
    ['Closed', minutes(-60), minutes(60), 'closed'],
    ['Open', minutes(60), minutes(-60), 'open'],
    ['Custom', null, null, 'open'],
    ['Custom', null, minutes(-1), 'closed'],
    ['Custom', null, minutes(0), 'closed'],
    ['Custom', null, minutes(1), 'close-future'],
    ['Custom', minutes(1), null, 'open-future'],
    ['Custom', minutes(0), null, 'close-future'],
    ['Custom', minutes(-1), null, 'close-future'],
    ['Custom', minutes(1), minutes(60), 'open-future'],
    ['Custom', minutes(-1), minutes(60), 'close-future'],
    ['Custom', minutes(-120), minutes(-1), 'closed'],
  ] as const)('%s open %s close %s gives %s', (state, openDate, closeDate, expected) => {
    const availability = formAvailability({ state, openDate, closeDate }, NOW);
    expect(availability).toBe(expected);
    expect(acceptsSubmissions(availability)).toBe(expected === 'open' || expected === 'close-future');
  });
});

const DEFINITION: FormDefinition = formDefinitionSchema.parse({
  fields: [
    { key: 'naam', kind: 'shortText', label: { nl: 'Naam', en: 'Name' }, required: true, max: 20 },
    { key: 'email', kind: 'email', label: { nl: 'E-mail' }, required: true },
    {
      key: 'lid',
      kind: 'singleChoice',
      label: { nl: 'Ben je lid?' },
      required: true,
      options: [
        { value: 'ja', label: { nl: 'Ja' } },
        { value: 'nee', label: { nl: 'Nee' } },
      ],
    },
    {
      key: 'lidnummer',
      kind: 'number',
      label: { nl: 'Lidnummer' },
      required: true,
      min: 1,
      max: 9999,
      showWhen: { field: 'lid', equals: 'ja' },
    },
    { key: 'stap2', kind: 'pageBreak', label: { nl: 'Stap 2' } },
    { key: 'cijfer', kind: 'scale', label: { nl: 'Cijfer' }, scaleMax: 10 },
    { key: 'dag', kind: 'date', label: { nl: 'Dag' }, minDate: '2026-01-01', maxDate: '2026-12-31' },
    { key: 'kleur', kind: 'shortText', label: { nl: 'Kleur' }, pattern: 'hexColor' },
    {
      key: 'extra',
      kind: 'multipleChoice',
      label: { nl: 'Extra' },
      max: 2,
      options: ['a', 'b', 'c'].map((value) => ({ value, label: { nl: value.toUpperCase() } })),
    },
    { key: 'akkoord', kind: 'consent', label: { nl: 'Akkoord' }, required: true, link: '/privacy' },
    { key: 'tel', kind: 'phone', label: { nl: 'Telefoon' } },
  ],
});

describe('checkAnswers', () => {
  const valid = {
    naam: 'Anna',
    email: 'anna@example.org',
    lid: 'ja',
    lidnummer: '42',
    cijfer: '8',
    dag: '2026-05-01',
    kleur: '#a0b0c0',
    extra: ['c', 'a'],
    akkoord: 'on',
    tel: '+31 20 123 4567',
  };

  it('takes right answers, normalised (numbers, choices in form order, consent as yes)', () => {
    const { answers, problems } = checkAnswers(DEFINITION, valid);
    expect(problems).toEqual([]);
    expect(answers).toEqual({ ...valid, lidnummer: 42, cijfer: 8, extra: ['a', 'c'], akkoord: 'yes' });
  });

  it('gives one problem per wrong field, in form order', () => {
    const { problems } = checkAnswers(DEFINITION, {
      ...valid,
      naam: 'x'.repeat(21),
      email: 'geen-adres',
      lidnummer: '0',
      cijfer: '11',
      dag: '2025-12-31',
      kleur: 'rood',
      extra: ['a', 'b', 'c'],
      akkoord: undefined,
      tel: 'bel me',
    });
    expect(problems.map((problem) => [problem.field, problem.message.key])).toEqual([
      ['naam', 'validation.maxLength'],
      ['email', 'validation.email'],
      ['lidnummer', 'validation.minimum'],
      ['cijfer', 'validation.scale'],
      ['dag', 'validation.dateMin'],
      ['kleur', 'validation.hexColor'],
      ['extra', 'validation.maxItems'],
      ['akkoord', 'validation.consent'],
      ['tel', 'validation.phone'],
    ]);
  });

  it('takes a date typed day first or posted the ISO way, kept as the ISO day (issue 26)', () => {
    const day = (dag: string) => checkAnswers(DEFINITION, { ...valid, dag });
    expect(day('4-5-2026').answers.dag).toBe('2026-05-04');
    expect(day('04/05/2026').answers.dag).toBe('2026-05-04');
    expect(day('2026-05-04').answers.dag).toBe('2026-05-04');
    for (const wrong of ['31-02-2026', '5/4/26', '2026/05/04', '04-05-2026 12:00', '٠٤-٠٥-٢٠٢٦']) {
      expect(day(wrong).problems.map((problem) => problem.message.key)).toEqual(['validation.formDate']);
    }
    // Bounds are named the way a person types the day.
    expect(day('31-12-2025').problems[0]?.message).toEqual({
      key: 'validation.dateMin',
      params: { date: '01-01-2026' },
    });
  });

  it('does not require, and drops, a field its condition hides', () => {
    const { answers, problems } = checkAnswers(DEFINITION, { ...valid, lid: 'nee', lidnummer: 'zomaar' });
    expect(problems).toEqual([]);
    expect(answers).not.toHaveProperty('lidnummer');
    expect(shownFieldKeys(DEFINITION, { lid: 'nee' }).has('lidnummer')).toBe(false);
    expect(shownFieldKeys(DEFINITION, { lid: 'ja' }).has('lidnummer')).toBe(true);
  });

  it('refuses values that are not among the options and junk types', () => {
    const { problems } = checkAnswers(DEFINITION, {
      ...valid,
      lid: 'misschien',
      extra: ['z'],
      cijfer: { x: 1 },
    });
    expect(problems.map((problem) => problem.field)).toEqual(['lid', 'extra']);
    expect(fieldProblem(DEFINITION.fields[0]!, '')).toEqual({ key: 'validation.required' });
    expect(fieldProblem(DEFINITION.fields[0]!, 'Bob')).toBeNull();
  });

  it('checks hostile text as text', () => {
    const hostile = ['<script>alert(1)</script>', "'; drop table forms; --", '=HYPERLINK("x")', '\u0000'];
    for (const text of hostile) {
      const { problems, answers } = checkAnswers(DEFINITION, { ...valid, naam: text.slice(0, 20) });
      expect(problems).toEqual([]);
      expect(answers.naam).toBe(text.slice(0, 20).trim());
    }
  });
});

describe('form definitions', () => {
  it('refuses duplicate keys, choices without options and conditions on later or text fields', () => {
    const result = formDefinitionSchema.safeParse({
      fields: [
        { key: 'a', kind: 'shortText', label: { nl: 'A' }, showWhen: { field: 'b', equals: 'x' } },
        { key: 'a', kind: 'dropdown', label: { nl: 'B' }, options: [] },
        { key: 't', kind: 'shortText', label: { nl: 'T' } },
        { key: 'c', kind: 'shortText', label: { nl: 'C' }, showWhen: { field: 't', equals: 'x' } },
      ],
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'fields.0.showWhen.field:validation.formCondition',
        'fields.1.key:validation.duplicate',
        'fields.1.options:validation.optionsRequired',
        'fields.3.showWhen.field:validation.formCondition',
      ]),
    );
  });

  it('splits steps at page breaks and names new keys', () => {
    expect(formSteps(DEFINITION).map((step) => step.fields.length)).toEqual([4, 6]);
    expect(newFieldKey(DEFINITION, 'shortText')).toBe('short_text_1');
    expect(definitionChanges(null, DEFINITION).added).toHaveLength(DEFINITION.fields.length);
  });

  it('checks settings: dates in order, roles for a Roles audience, someone to notify', () => {
    const result = formSettingsSchema.safeParse({
      state: 'Custom',
      openDate: '2026-12-01T00:00:00Z',
      closeDate: '2026-11-01T00:00:00Z',
      audience: 'Roles',
      actions: ['Save', 'Notify'],
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'validation.dateOrder',
      'validation.audienceRoles',
      'validation.notifyTarget',
    ]);
  });
});

describe('file questions', () => {
  const file = (key: string, extra: Record<string, unknown> = {}) => ({
    key,
    kind: 'file',
    label: { nl: key },
    ...extra,
  });

  it('take images and/or PDF, at most five per form', () => {
    expect(formDefinitionSchema.safeParse({ fields: [file('a', { fileTypes: ['pdf'] })] }).success).toBe(
      true,
    );
    expect(formDefinitionSchema.safeParse({ fields: [file('a', { fileTypes: [] })] }).success).toBe(false);
    expect(formDefinitionSchema.safeParse({ fields: [file('a', { fileTypes: ['exe'] })] }).success).toBe(
      false,
    );
    const six = formDefinitionSchema.safeParse({
      fields: ['a', 'b', 'c', 'd', 'e', 'f'].map((key) => file(key)),
    });
    expect(six.success ? [] : six.error.issues.map((issue) => issue.message)).toEqual([
      'validation.formFileQuestions',
    ]);
  });

  it("answer with the file's name, cleaned for display; required asks for one", () => {
    const definition = formDefinitionSchema.parse({ fields: [file('bijlage', { required: true })] });
    expect(checkAnswers(definition, { bijlage: 'C:\\fakepath\\foto\u0007.png' }).answers).toEqual({
      bijlage: 'foto.png',
    });
    expect(checkAnswers(definition, {}).problems).toEqual([
      { field: 'bijlage', message: { key: 'validation.required' } },
    ]);
  });

  it('hint the picker by what they take, and say when a file is too large', () => {
    expect(fileAcceptAttribute({ fileTypes: ['pdf'] })).toBe('application/pdf,.pdf');
    expect(fileAcceptAttribute({})).toContain('image/png');
    expect(fileTypeProblem({ fileTypes: ['image'] })).toBe('validation.fileTypeImage');
    expect(fileSizeProblem(FORM_FILE_MAX_BYTES, 'nl')).toBeNull();
    expect(fileSizeProblem(FORM_FILE_MAX_BYTES + 1, 'nl')).toEqual({
      key: 'validation.fileTooLarge',
      params: { maximum: '30 MB' },
    });
  });

  it("fill a list item's image only when they take images; older settings have no image", () => {
    expect(fitsListItemField('imageField', file('a'))).toBe(true);
    expect(fitsListItemField('imageField', file('a', { fileTypes: ['image'] }))).toBe(true);
    expect(fitsListItemField('imageField', file('a', { fileTypes: ['pdf'] }))).toBe(false);
    expect(fitsListItemField('imageField', { kind: 'shortText' })).toBe(false);
    expect(fitsListItemField('titleField', file('a'))).toBe(false);
    const stored = { blockGuid: crypto.randomUUID(), listItemTypeName: 'idee', titleField: 'naam' };
    expect(formListItemSchema.parse(stored)).toMatchObject({ descriptionField: null, imageField: null });
    const definition = {
      fields: [{ key: 'naam', kind: 'shortText' }, file('foto'), file('pdf', { fileTypes: ['pdf'] })],
    } as never;
    const setting = { ...stored, descriptionField: null };
    // A setting stored before the image existed lacks the key altogether.
    expect(listItemFieldProblems(definition, setting as never)).toEqual([]);
    expect(listItemFieldProblems(definition, { ...setting, imageField: 'foto' })).toEqual([]);
    expect(listItemFieldProblems(definition, { ...setting, imageField: 'pdf' })).toEqual([
      { field: 'imageField', key: 'pdf' },
    ]);
    expect(listItemFieldProblems(definition, { ...setting, imageField: 'naam' })).toEqual([
      { field: 'imageField', key: 'naam' },
    ]);
  });
});
