import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Input,
  NativeSelect,
  Radio,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type FocusEvent,
  type FormEvent,
  type ReactNode,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link, useActionData, useFetcher, useLocation } from 'react-router';
import { typedDayOf } from '../../../common/dates';
import { formatFileSize } from '../../../common/file-size';
// The rules a visitor's form runs, from modules without zod (not the forms index, whose schemas
// would bring it along: issue 32).
import { checkAnswers, fieldProblem, type RawAnswers, shownFieldKeys } from '../../../common/forms/answers';
import type { FormField } from '../../../common/forms/definition';
import {
  acceptedFileTypes,
  FORM_FILE_MAX_BYTES,
  fileAcceptAttribute,
  fileSizeProblem,
} from '../../../common/forms/files';
import { formSteps, isInputKind } from '../../../common/forms/kinds';
import { FORM_POST_FIELDS, type FormActionResult, type PublicFormView } from '../../../common/forms/public';
import type { IssueMessage } from '../../../common/issues';
import { type Locale, pickLocale } from '../../../common/localized-text';
import { formatMoment } from '../../account/format';
import { GrowingTextarea } from '../../components/GrowingTextarea';
import { Notice } from '../../components/Notice';
import { useTranslation } from '../../i18n';
import type { BlockViewProps } from '../registry';
import { useProofOfWork } from './proof';

/**
 * A form on a page (issue 11). Rendered on the server as a plain HTML form that posts to the page
 * (it works without JavaScript; all steps show at once). With JavaScript it becomes a step-by-step
 * form that hides questions whose condition is not met and checks each answer as the visitor leaves
 * it, with the rules the server applies (common/forms).
 */
export function FormBlock({ block }: BlockViewProps<'form'>) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const { title, intro, form } = block.data;
  const headingId = useId();
  const header = (
    <>
      {title ? (
        <Title order={2} id={headingId} className="form-block-title">
          {title}
        </Title>
      ) : null}
      {intro ? <Text className="form-block-intro">{intro}</Text> : null}
    </>
  );
  const notice = (children: ReactNode) => (
    <section className="form-block" aria-labelledby={title ? headingId : undefined}>
      {header}
      <Notice color="gray" role="status">
        {children}
      </Notice>
    </section>
  );
  if (!form) return notice(t('forms.unavailable'));
  const language = i18n.language;
  const { mode } = block.data;
  if (mode) {
    // Edit mode and preview links (issue 26): the form itself, said to be a preview.
    return (
      <section className="form-block form-block-preview" aria-labelledby={title ? headingId : undefined}>
        {header}
        <Notice color="blue" className="form-preview-note">
          {t(mode === 'edit' ? 'forms.editNote' : 'forms.previewNote')}
          {form.version === 0 ? <Text size="sm">{t('forms.draftNote')}</Text> : null}
        </Notice>
        <FillIn form={form} blockGuid={block.guid} xsrf={undefined} mode={mode} />
      </section>
    );
  }
  if (form.availability === 'closed') {
    return notice(
      <>
        <Text fw={600}>{t('forms.closed')}</Text>
        {form.closingMessage ? <Text>{form.closingMessage}</Text> : null}
      </>,
    );
  }
  if (form.availability === 'open-future' && form.openDate) {
    return notice(t('forms.opensOn', { date: formatMoment(form.openDate, language) }));
  }
  const returnTo = encodeURIComponent(location.pathname + location.search);
  switch (form.barrier) {
    case 'signIn':
      return notice(
        <>
          <Text>{t('forms.barrier.signIn')}</Text>
          <Anchor component={Link} to={`/sign-in?returnTo=${returnTo}`}>
            {t('forms.barrier.signInAction')}
          </Anchor>
        </>,
      );
    case 'verifyEmail':
      return notice(
        <>
          <Text>{t('forms.barrier.verifyEmail')}</Text>
          <Anchor component={Link} to="/account/security">
            {t('forms.barrier.verifyAction')}
          </Anchor>
        </>,
      );
    case 'notForYou':
    case 'alreadySubmitted':
      return notice(t(`forms.barrier.${form.barrier}`));
    case 'full':
      return notice(
        <>
          <Text>{t('forms.barrier.full')}</Text>
          {form.closingMessage ? <Text>{form.closingMessage}</Text> : null}
        </>,
      );
    default:
      break;
  }
  return (
    <section className="form-block" aria-labelledby={title ? headingId : undefined}>
      {header}
      {form.availability === 'close-future' && form.closeDate ? (
        <Text size="sm" c="dimmed">
          {t('forms.openUntil', { date: formatMoment(form.closeDate, language) })}
        </Text>
      ) : null}
      <FillIn form={form} blockGuid={block.guid} xsrf={block.data.xsrf} />
    </section>
  );
}

/** The answers in the form's fields, as the browser would post them. */
function answersOf(element: HTMLFormElement): RawAnswers {
  const answers: Record<string, string | string[]> = {};
  for (const [key, raw] of new FormData(element)) {
    // A chosen file answers by its name (an empty file input sends a nameless, empty file).
    const value = typeof raw === 'string' ? raw : raw.name || (raw.size > 0 ? 'file' : '');
    if (value === '' && typeof raw !== 'string') continue;
    const earlier = answers[key];
    answers[key] = earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value];
  }
  return answers;
}

function FillIn({
  form,
  blockGuid,
  xsrf,
  mode,
}: {
  form: PublicFormView;
  blockGuid: string;
  xsrf: string | undefined;
  /** Edit mode: every question at once, nothing can be filled in; preview link: sent, then refused. */
  mode?: 'edit' | 'preview' | undefined;
}) {
  const { t, i18n } = useTranslation();
  const locale = (i18n.language === 'en' ? 'en' : 'nl') as Locale;
  const fetcher = useFetcher<FormActionResult>();
  // A preview posts no files: the server refuses it before anything is read.
  const encType =
    !mode && form.definition.fields.some((field) => field.kind === 'file')
      ? 'multipart/form-data'
      : 'application/x-www-form-urlencoded';
  const actionData = useActionData() as FormActionResult | undefined;
  const fromServer = [fetcher.data, actionData].find((data) => data?.blockGuid === blockGuid);
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [hydrated, setEnhanced] = useState(false);
  // In edit mode every question shows at once, as without JavaScript.
  const enhanced = hydrated && mode !== 'edit';
  const [values, setValues] = useState<RawAnswers>(fromServer?.values ?? {});
  const [errors, setErrors] = useState<Record<string, string>>(fromServer?.fieldErrors ?? {});
  // The error summary (GOV.UK's pattern, issue 35): shown after a refused "Versturen" or "Volgende",
  // listing every wrong field with a link to it, and focused.
  const [isSummaryShown, setSummaryShown] = useState(false);
  // A message found while a pointer is pressed waits for its release: shown at once, it could push
  // "Versturen" away between press and release, and the click would be lost (issue 35).
  const pointerDown = useRef(false);
  const heldErrors = useRef<Record<string, string>>({});
  const [step, setStep] = useState(0);
  const idPrefix = useId();
  const fieldId = (key: string) => `${idPrefix}-${key}`;
  const message = (issue: IssueMessage) => t(issue.key, issue.params ?? {});
  const steps = useMemo(() => formSteps(form.definition), [form.definition]);
  const shown = enhanced ? shownFieldKeys(form.definition, values) : null;
  const visibleSteps = steps.filter((entry) => !shown || entry.fields.some((field) => shown.has(field.key)));
  const currentStep = Math.min(step, Math.max(visibleSteps.length - 1, 0));
  const isLastStep = !enhanced || currentStep >= visibleSteps.length - 1;
  // Signed-in visitors (who have an XSRF token) are known and need no proof of work.
  const work = useProofOfWork(!xsrf && !mode);
  const [checking, setChecking] = useState(false);
  const busy = fetcher.state !== 'idle' || checking;

  useEffect(() => setEnhanced(true), []);
  useEffect(() => {
    const press = () => {
      pointerDown.current = true;
    };
    const release = () => {
      pointerDown.current = false;
      // After the click that the release makes (a submit checks every field itself).
      window.setTimeout(() => {
        const held = heldErrors.current;
        heldErrors.current = {};
        if (Object.keys(held).length > 0) setErrors((before) => ({ ...held, ...before }));
      });
    };
    document.addEventListener('pointerdown', press, true);
    document.addEventListener('pointerup', release, true);
    document.addEventListener('pointercancel', release, true);
    return () => {
      document.removeEventListener('pointerdown', press, true);
      document.removeEventListener('pointerup', release, true);
      document.removeEventListener('pointercancel', release, true);
    };
  }, []);
  // A refusal from the server (after a post with JavaScript): its messages replace ours.
  const { renew } = work;
  useEffect(() => {
    if (!fetcher.data || fetcher.data.blockGuid !== blockGuid) return;
    setErrors(fetcher.data.fieldErrors);
    renew();
    requestAnimationFrame(() => summaryRef.current?.focus());
  }, [fetcher.data, blockGuid, renew]);
  // After a post without JavaScript the page comes back with the messages: go to them.
  useEffect(() => {
    if (actionData?.blockGuid === blockGuid) summaryRef.current?.focus();
  }, [actionData, blockGuid]);

  const fieldsOf = (index: number) => visibleSteps[index]?.fields ?? [];
  const checkKeys = (keys: Set<string>) => {
    const current = formRef.current ? answersOf(formRef.current) : values;
    const { problems } = checkAnswers(form.definition, current, keys);
    problems.push(...oversizedFiles(keys));
    setErrors((before) => {
      const next = { ...before };
      for (const key of keys) delete next[key];
      for (const problem of problems) next[problem.field] = message(problem.message);
      return next;
    });
    return problems;
  };
  /** Chosen files past the limit (the name alone, which the answer rules see, cannot tell). */
  const oversizedFiles = (keys: Set<string>) =>
    [...(formRef.current?.querySelectorAll<HTMLInputElement>('input[type="file"]') ?? [])].flatMap(
      (input) => {
        const problem = fileSizeProblem(input.files?.[0]?.size ?? 0, locale);
        return problem && keys.has(input.name) ? [{ field: input.name, message: problem }] : [];
      },
    );
  /** The first control of a question (its input, the first of a group's options). */
  const controlOf = (key: string) =>
    formRef.current?.querySelector<HTMLElement>(
      `[data-field="${key}"] input, [data-field="${key}"] textarea, [data-field="${key}"] select`,
    );
  /** A summary link: to the question's step, then its own control (a group's first option). */
  const goToField = (key: string) => {
    const index = visibleSteps.findIndex((entry) => entry.fields.some((field) => field.key === key));
    if (index >= 0 && index !== currentStep) setStep(index);
    requestAnimationFrame(() => {
      const control = controlOf(key);
      control?.focus({ preventScroll: true });
      // At once, not gliding (the click on an in-page link switches smooth scrolling on): the
      // focus is already there, and "Versturen" must not move under a visitor's next press.
      control?.closest('[data-field]')?.scrollIntoView({ block: 'center', behavior: 'instant' });
    });
  };
  /** Refused: the summary lists every wrong field and takes the focus. */
  const showSummary = (problems: { field: string }[]) => {
    if (problems.length === 0) return;
    setSummaryShown(true);
    requestAnimationFrame(() => summaryRef.current?.focus());
  };

  function onInput() {
    if (!formRef.current || mode === 'edit') return;
    void work.start();
    const current = answersOf(formRef.current);
    setValues(current);
    // A message goes as soon as the answer is right (while typing), so nothing jumps when the
    // visitor moves on; new messages wait until they leave the field.
    setErrors((before) => {
      const fixed = Object.keys(before).filter((key) => {
        const field = form.definition.fields.find((entry) => entry.key === key);
        return (
          field !== undefined &&
          fieldProblem(field, current[key]) === null &&
          oversizedFiles(new Set([key])).length === 0
        );
      });
      if (fixed.length === 0) return before;
      const copy = { ...before };
      for (const key of fixed) delete copy[key];
      return copy;
    });
  }
  function onBlur(event: FocusEvent<HTMLFormElement>) {
    const target = event.target as EventTarget as HTMLInputElement;
    const key = target.name;
    const field = form.definition.fields.find((entry) => entry.key === key);
    if (!field || !formRef.current) return;
    // A radio or checkbox group is checked when the focus leaves the group, not between its options.
    const next = event.relatedTarget as HTMLInputElement | null;
    if (next?.name === key) return;
    const problem =
      fieldProblem(field, answersOf(formRef.current)[key]) ??
      oversizedFiles(new Set([key]))[0]?.message ??
      null;
    // An empty field the visitor only passed through is not told off yet (sending will).
    if (!problem || (target.value === '' && target.type !== 'checkbox' && target.type !== 'radio')) return;
    const text = message(problem);
    if (pointerDown.current) {
      heldErrors.current = { ...heldErrors.current, [key]: text };
      return;
    }
    setErrors((before) => (before[key] === text ? before : { ...before, [key]: text }));
  }
  function next() {
    const problems = checkKeys(new Set(fieldsOf(currentStep).map((field) => field.key)));
    if (problems.length > 0) return showSummary(problems);
    setSummaryShown(false);
    setStep(currentStep + 1);
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[data-step-heading]:not([hidden] *)')?.focus(),
    );
  }
  function previous() {
    setStep(Math.max(currentStep - 1, 0));
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[data-step-heading]:not([hidden] *)')?.focus(),
    );
  }
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (mode === 'edit') {
      event.preventDefault();
      return;
    }
    if (!isLastStep) {
      event.preventDefault();
      next();
      return;
    }
    const keys = new Set(form.definition.fields.map((field) => field.key));
    const problems = checkKeys(keys);
    if (problems.length > 0) {
      event.preventDefault();
      // Back to the first step with a problem.
      const index = visibleSteps.findIndex((entry) =>
        entry.fields.some((field) => field.key === problems[0]?.field),
      );
      if (index >= 0) setStep(index);
      showSummary(problems);
      return;
    }
    if (!xsrf && !mode && work.proof === null && formRef.current) {
      // The proof is still being worked out (or never started): finish it, then send.
      event.preventDefault();
      const data = new FormData(formRef.current);
      setChecking(true);
      void work.start().then((proof) => {
        setChecking(false);
        if (proof) data.set(FORM_POST_FIELDS.proof, proof);
        fetcher.submit(data, { method: 'post', encType });
      });
    }
  }

  const errorEntries = Object.entries(errors).filter(([key]) => !shown || shown.has(key));
  const formError = fromServer?.formError ?? null;
  const labelOf = (key: string) => {
    const field = form.definition.fields.find((entry) => entry.key === key);
    return field ? pickLocale(field.label, locale) : key;
  };

  return (
    <fetcher.Form
      method="post"
      // Files need a multipart post (with or without JavaScript); other forms stay URL-encoded.
      encType={encType}
      ref={formRef}
      noValidate
      className="form-fill"
      onInput={onInput}
      onChange={onInput}
      onBlur={onBlur}
      onSubmit={onSubmit}
      aria-busy={busy}
    >
      <input type="hidden" name={FORM_POST_FIELDS.form} value={form.guid} />
      <input type="hidden" name={FORM_POST_FIELDS.block} value={blockGuid} />
      <input type="hidden" name={FORM_POST_FIELDS.version} value={form.version} />
      {xsrf ? <input type="hidden" name={FORM_POST_FIELDS.xsrf} value={xsrf} /> : null}
      {work.proof ? <input type="hidden" name={FORM_POST_FIELDS.proof} value={work.proof} /> : null}
      {mode === 'preview' ? <input type="hidden" name={FORM_POST_FIELDS.preview} value="1" /> : null}
      {/* The honeypot: out of sight and out of the tab order; people leave it empty. */}
      <div className="form-honeypot" aria-hidden="true">
        <label>
          {t('forms.honeypot')}
          <input
            type="text"
            name={FORM_POST_FIELDS.honeypot}
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </label>
      </div>
      <div ref={summaryRef} tabIndex={-1} className="form-summary" aria-live="polite">
        {formError ? <Notice color="red">{formError}</Notice> : null}
        {errorEntries.length > 0 && (fromServer || isSummaryShown) ? (
          <Notice color="red" title={t('forms.errorSummary')}>
            <ul>
              {errorEntries.map(([key, text]) => (
                <li key={key}>
                  <a
                    href={`#${fieldId(key)}`}
                    onClick={(event) => {
                      if (!enhanced) return;
                      event.preventDefault();
                      goToField(key);
                    }}
                  >
                    {labelOf(key)}: {text}
                  </a>
                </li>
              ))}
            </ul>
          </Notice>
        ) : null}
      </div>
      <Text size="sm" c="dimmed">
        {t('forms.requiredNote')}
      </Text>
      {enhanced && visibleSteps.length > 1 ? (
        <div className="form-progress">
          <Text size="sm" aria-live="polite">
            {t('forms.step', { current: currentStep + 1, total: visibleSteps.length })}
          </Text>
          <div className="form-progress-bar" aria-hidden="true">
            <div style={{ width: `${((currentStep + 1) / visibleSteps.length) * 100}%` }} />
          </div>
        </div>
      ) : null}
      {(enhanced ? visibleSteps : steps).map((entry, index) => (
        <fieldset
          key={entry.start?.key ?? 'first'}
          className="form-step"
          hidden={enhanced && index !== currentStep}
          disabled={mode === 'edit'}
        >
          {entry.start ? (
            <legend>
              <span data-step-heading tabIndex={-1}>
                {pickLocale(entry.start.label, locale)}
              </span>
            </legend>
          ) : (
            <span data-step-heading tabIndex={-1} className="form-step-start" />
          )}
          {entry.fields.map((field) =>
            shown && !shown.has(field.key) ? null : (
              <FieldInput
                key={field.key}
                field={field}
                id={fieldId(field.key)}
                locale={locale}
                defaultValue={fromServer?.values[field.key]}
                error={errors[field.key]}
                conditionHint={!enhanced && field.showWhen ? conditionText(form, field, locale, t) : null}
              />
            ),
          )}
        </fieldset>
      ))}
      <Group gap="sm" mt="md">
        {enhanced && currentStep > 0 ? (
          <Button type="button" variant="default" onClick={previous}>
            {t('forms.previous')}
          </Button>
        ) : null}
        {isLastStep ? (
          <Button type="submit" loading={busy} disabled={mode === 'edit'}>
            {busy ? t('forms.sending') : t('forms.submit')}
          </Button>
        ) : (
          <Button type="button" onClick={next}>
            {t('forms.next')}
          </Button>
        )}
      </Group>
    </fetcher.Form>
  );
}

/**
 * The questions as a visitor sees them in `locale`, every step at once, with the conditions
 * applied to the answers given so far (the builder's live preview). It posts nowhere.
 */
export function FormPreview({
  definition: draft,
  locale,
}: {
  definition: PublicFormView['definition'];
  locale: Locale;
}) {
  const idPrefix = useId();
  const [values, setValues] = useState<RawAnswers>({});
  // Choices the editor has not given a text and value yet (new ones start empty) are left out.
  const definition = useMemo(
    () => ({
      ...draft,
      fields: draft.fields.map((field) =>
        field.options
          ? {
              ...field,
              options: field.options.filter((option) => option.value !== '' && option.label.nl !== ''),
            }
          : field,
      ),
    }),
    [draft],
  );
  const shown = shownFieldKeys(definition, values);
  return (
    <form
      className="form-fill form-preview"
      lang={locale}
      onSubmit={(event) => event.preventDefault()}
      onInput={(event) => setValues(answersOf(event.currentTarget))}
      onChange={(event) => setValues(answersOf(event.currentTarget))}
      noValidate
    >
      {formSteps(definition).map((entry) => (
        <fieldset key={entry.start?.key ?? 'first'} className="form-step">
          {entry.start ? <legend>{pickLocale(entry.start.label, locale)}</legend> : null}
          {entry.fields.map((field) =>
            shown.has(field.key) ? (
              <FieldInput
                key={field.key}
                field={field}
                id={`${idPrefix}-${field.key}`}
                locale={locale}
                defaultValue={undefined}
                error={undefined}
                conditionHint={null}
              />
            ) : null,
          )}
        </fieldset>
      ))}
    </form>
  );
}

/** Without JavaScript every question shows: one with a condition says when it applies. */
function conditionText(form: PublicFormView, field: FormField, locale: Locale, t: (key: string) => string) {
  const source = form.definition.fields.find((entry) => entry.key === field.showWhen?.field);
  if (!source || !field.showWhen) return null;
  const option = source.options?.find((entry) => entry.value === field.showWhen?.equals);
  const value = option
    ? pickLocale(option.label, locale)
    : field.showWhen.equals === 'yes'
      ? t('forms.yes')
      : t('forms.no');
  return `${pickLocale(source.label, locale)}: ${value}`;
}

export function FieldInput({
  field,
  id,
  locale,
  defaultValue,
  error,
  conditionHint,
}: {
  field: FormField;
  id: string;
  locale: Locale;
  defaultValue: string | string[] | undefined;
  error: string | undefined;
  conditionHint: string | null;
}) {
  const { t } = useTranslation();
  const label = pickLocale(field.label, locale);
  const help = field.help ? pickLocale(field.help, locale) || undefined : undefined;
  const description =
    [help, conditionHint ? `(${conditionHint})` : null].filter(Boolean).join(' ') || undefined;
  const placeholder = field.placeholder ? pickLocale(field.placeholder, locale) || undefined : undefined;
  const single = Array.isArray(defaultValue) ? defaultValue.at(-1) : defaultValue;
  const many = defaultValue === undefined ? [] : Array.isArray(defaultValue) ? defaultValue : [defaultValue];
  const common = {
    id,
    name: field.key,
    label,
    description,
    error,
    withAsterisk: field.required,
    'aria-required': field.required || undefined,
    placeholder,
    defaultValue: single ?? '',
  };
  const errorId = `${id}-error`;
  const group = (children: ReactNode) => (
    <fieldset
      className="form-group"
      data-field={field.key}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      id={id}
    >
      <legend>
        {label}
        {field.required ? (
          <span className="form-required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </legend>
      {description ? (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      ) : null}
      {children}
      {error ? (
        <Text size="sm" c="red.8" id={errorId}>
          {error}
        </Text>
      ) : null}
    </fieldset>
  );
  if (!isInputKind(field.kind)) {
    if (field.kind === 'heading') return <Title order={3}>{label}</Title>;
    if (field.kind === 'helpText') return <Text>{label}</Text>;
    return null;
  }
  const wrap = (node: ReactNode) => (
    <div className="form-field" data-field={field.key}>
      {node}
    </div>
  );
  switch (field.kind) {
    case 'longText':
      return wrap(<GrowingTextarea {...common} minRows={3} maxLength={field.max ?? 10_000} />);
    case 'number':
      return wrap(<TextInput {...common} inputMode="decimal" />);
    case 'email':
      return wrap(<TextInput {...common} type="email" autoComplete="email" />);
    case 'phone':
      return wrap(<TextInput {...common} type="tel" autoComplete="tel" />);
    case 'date':
      // A light field (issue 26): the browser's own date field reads mm/dd/yyyy in many browsers,
      // and the admin's calendar picker is too heavy for a visitor's page. Day first, as people
      // write it; the same rule checks it here and on the server (parseDayInput).
      return wrap(
        <TextInput
          {...common}
          defaultValue={single ? typedDayOf(single) : ''}
          description={[description, t('forms.dateHint')].filter(Boolean).join(' ')}
          placeholder={t('forms.datePlaceholder')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
        />,
      );
    case 'time':
      return wrap(<TextInput {...common} type="time" />);
    case 'dropdown':
      return wrap(
        <NativeSelect
          {...common}
          data={[
            { value: '', label: t('forms.chooseOption') },
            ...(field.options ?? []).map((option) => ({
              value: option.value,
              label: pickLocale(option.label, locale),
            })),
          ]}
        />,
      );
    // Each choice has an id of its own: without one, Mantine swaps React's id for a random one once
    // hydrated, rewriting the DOM in the hydration's commit (a visitor's longest task, issue 32).
    case 'singleChoice':
      return group(
        (field.options ?? []).map((option, index) => (
          <Radio
            key={option.value}
            id={`${id}-${index}`}
            name={field.key}
            value={option.value}
            label={pickLocale(option.label, locale)}
            defaultChecked={single === option.value}
            mt={6}
          />
        )),
      );
    case 'yesNo':
      return group(
        <Group gap="lg" mt={6}>
          {(['yes', 'no'] as const).map((value) => (
            <Radio
              key={value}
              id={`${id}-${value}`}
              name={field.key}
              value={value}
              label={t(`forms.${value}`)}
              defaultChecked={single === value}
            />
          ))}
        </Group>,
      );
    case 'scale': {
      const maximum = field.scaleMax ?? 5;
      return group(
        <>
          <Group gap="sm" mt={6} className="form-scale">
            {Array.from({ length: maximum }, (_, index) => String(index + 1)).map((value) => (
              <Radio
                key={value}
                id={`${id}-${value}`}
                name={field.key}
                value={value}
                label={value}
                defaultChecked={single === value}
              />
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            {t('forms.scaleLow')} · {t('forms.scaleHigh', { maximum })}
          </Text>
        </>,
      );
    }
    case 'multipleChoice':
      return group(
        (field.options ?? []).map((option, index) => (
          <Checkbox
            key={option.value}
            id={`${id}-${index}`}
            name={field.key}
            value={option.value}
            label={pickLocale(option.label, locale)}
            defaultChecked={many.includes(option.value)}
            mt={6}
          />
        )),
      );
    case 'consent':
      return wrap(
        <Checkbox
          id={id}
          name={field.key}
          value="yes"
          defaultChecked={single === 'yes' || single === 'on'}
          label={
            <>
              {label}
              {field.required ? <span aria-hidden="true"> *</span> : null}
              {field.link ? (
                <>
                  {' '}
                  <Anchor href={field.link} target="_blank" rel="noopener">
                    {t('forms.readMore')}
                  </Anchor>
                </>
              ) : null}
            </>
          }
          description={help}
          error={error}
          aria-required={field.required || undefined}
        />,
      );
    case 'file': {
      const types = acceptedFileTypes(field);
      const hint = t('forms.fileHint', {
        types: t(`forms.fileTypes.${types.length === 1 ? types[0] : 'both'}`),
        maximum: formatFileSize(FORM_FILE_MAX_BYTES, locale),
      });
      const descriptionId = `${id}-description`;
      return wrap(
        <Input.Wrapper
          id={id}
          label={label}
          withAsterisk={field.required}
          description={[description, hint].filter(Boolean).join(' ')}
          descriptionProps={{ id: descriptionId }}
          error={error}
          errorProps={{ id: errorId }}
        >
          {/* A native file input: it posts without JavaScript, and the picker is the browser's own. */}
          <input
            type="file"
            id={id}
            name={field.key}
            accept={fileAcceptAttribute(field)}
            className="form-file-input"
            // The form has noValidate: `required` tells assistive technology, the rules check it.
            required={field.required}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${descriptionId} ${errorId}` : descriptionId}
          />
        </Input.Wrapper>,
      );
    }
    default:
      return wrap(<TextInput {...common} maxLength={field.max ?? 500} />);
  }
}
