import { describe, expect, it } from 'vitest';
import { passwordProblemKey } from './password';
import { isTermsDialogSkipped } from './terms';

describe('isTermsDialogSkipped (SPEC 4)', () => {
  it('skips the terms of use and account/security', () => {
    expect(isTermsDialogSkipped('/legal/terms-of-use/nl')).toBe(true);
    expect(isTermsDialogSkipped('/account/security')).toBe(true);
  });

  it('shows elsewhere', () => {
    expect(isTermsDialogSkipped('/')).toBe(false);
    expect(isTermsDialogSkipped('/account/profile')).toBe(false);
    expect(isTermsDialogSkipped('/legal/privacy')).toBe(false);
  });
});

describe('passwordProblemKey', () => {
  it('names the problem as an i18n key', () => {
    expect(passwordProblemKey('kort')).toBe('auth.password.tooShort');
    expect(passwordProblemKey('wachtwoord123')).toBe('auth.password.tooSimple');
    expect(passwordProblemKey('tulpen-bloeien-2026')).toBeNull();
  });
});
