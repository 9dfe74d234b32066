import {
  type Answers,
  type FormDefinition,
  isCountedKind,
  isInputKind,
  isNumericKind,
} from '../../../common/forms/index.ts';

/**
 * What a submission adds to its version's dashboard counts (form_submissions.tally, summed per
 * day into form_answer_counts by a trigger): `=` for the submission itself, `key=` for each answered
 * question, and `key=value` for each choice made (every one of a multiple choice) and each number.
 * Question keys never hold `=`, so the first one splits key from value.
 */
export function tallyOf(definition: FormDefinition, answers: Answers): string[] {
  const entries = ['='];
  for (const field of definition.fields) {
    if (!isInputKind(field.kind) || !Object.hasOwn(answers, field.key)) continue;
    const answer = answers[field.key];
    entries.push(`${field.key}=`);
    if (isCountedKind(field.kind)) {
      const values = Array.isArray(answer) ? answer : field.kind === 'multipleChoice' ? [] : [answer];
      for (const value of values) if (typeof value === 'string') entries.push(`${field.key}=${value}`);
    } else if (isNumericKind(field.kind) && typeof answer === 'number' && Number.isFinite(answer)) {
      entries.push(`${field.key}=${answer}`);
    }
  }
  return entries;
}
