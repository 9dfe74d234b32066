import { passwordProblem } from '../../common/auth';

/** The i18n key of what is wrong with a new password, or null (SPEC: at least 10 characters). */
export function passwordProblemKey(password: string): string | null {
  const problem = passwordProblem(password);
  return problem ? `auth.password.${problem}` : null;
}
