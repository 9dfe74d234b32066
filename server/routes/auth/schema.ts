import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../../../common/auth.ts';
import { LOCALES } from '../../../common/localized-text.ts';
import { SIGN_IN_PROOF } from '../../domains/accounts/sign-in-limits.ts';

const email = z.email().max(254);
const password = z.string().min(1).max(PASSWORD_MAX_LENGTH);
const name = z.string().trim().max(100);

export const signUpBody = z.object({
  email,
  password,
  firstName: name.optional(),
  middleName: name.optional(),
  lastName: name.optional(),
  locale: z.enum(LOCALES).optional(),
});

const proofText = z.string().max(SIGN_IN_PROOF.maxLength);
export const signInBody = z.object({
  email: z.string().trim().min(1).max(254),
  password,
  /** Past the sign-in limits: base64 of `{ challenge, solution }` (POST /api/auth:signInChallenge). */
  proof: proofText.optional(),
});
export const signInChallengeBody = z.object({ email: z.string().trim().min(1).max(254) });
const hexText = z.string().regex(/^[0-9a-f]+$/i);
export const signInChallengeSchema = z
  .object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: hexText,
      salt: hexText,
      cost: z.number().int(),
      keyLength: z.number().int(),
      keyPrefix: hexText,
      keySignature: hexText.optional(),
      expiresAt: z.number().int(),
      /** What the challenge is for (signed with it): this account at this address. */
      data: z.record(z.string(), z.string()).optional(),
    }),
    signature: hexText,
  })
  .meta({ id: 'SignInChallenge' });
export const requestPasswordResetBody = z.object({ email });
export const resetPasswordBody = z.object({ token: z.string().min(20).max(200), password });
export const changePasswordBody = z.object({ currentPassword: password, newPassword: password });
export const verifyEmailBody = z.object({ token: z.string().min(20).max(200) });
export const sendVerificationMailBody = z.object({ email: email.optional() }).optional();

export const VERIFICATION_MAIL_OUTCOMES = [
  'Sent',
  'TooSoon',
  'Abused',
  'NotFound',
  'Unauthorized',
  'BadRequest',
  'Failed',
  'AlreadyVerified',
] as const;
export const verificationMailResponse = z
  .object({ outcome: z.enum(VERIFICATION_MAIL_OUTCOMES) })
  .meta({ id: 'VerificationMailOutcome' });

export const applicationUserSchema = z
  .object({
    guid: z.string(),
    firstName: z.string(),
    middleName: z.string(),
    lastName: z.string(),
    email: z.string(),
    isAdmin: z.boolean(),
    isContentManager: z.boolean(),
    isMett: z.boolean(),
    isDeveloper: z.boolean(),
    isActive: z.boolean(),
    isEmailVerified: z.boolean(),
    roleIds: z.array(z.string()),
    roles: z.array(z.enum(['User', 'VerifiedUser', 'ContentManager', 'Admin', 'Mett', 'Developer'])),
    locale: z.enum(LOCALES),
    properties: z.array(z.object({ key: z.string(), value: z.string() })),
    termsOfUseVersionAccepted: z.number().int().nullable(),
  })
  .meta({ id: 'ApplicationUser' });
