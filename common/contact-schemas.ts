import { z } from 'zod';
import { isPhoneNumber, MAX_PHONE_LENGTH } from './contact.ts';

/*
 * The schemas of the contact fields: an e-mail address (the one rule the forms' notification
 * addresses use too) and a phone number (./contact.ts). Optional fields take '' for none.
 */

export const MAX_EMAIL_LENGTH = 254;

/** An e-mail address (zod's rule: ASCII, no spaces, quotes or angle brackets; safe in a `mailto:`). */
export const emailSchema = z.email({ message: 'validation.email' }).max(MAX_EMAIL_LENGTH);

/** An e-mail address or '' for none. */
export const optionalEmailSchema = z
  .string()
  .max(MAX_EMAIL_LENGTH)
  .refine((value) => value === '' || emailSchema.safeParse(value).success, 'validation.email');

/** A phone number by the rule of ./contact.ts, or '' for none. */
export const optionalPhoneSchema = z
  .string()
  .max(MAX_PHONE_LENGTH)
  .refine((value) => value === '' || isPhoneNumber(value), 'validation.phone');
