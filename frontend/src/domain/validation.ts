/**
 * Auth validation rules and their messages (spec doc 1 §5, §8): the server's domain/validation.py through rules.gen.ts
 * (generated), its e-mail pattern included, so both give the same message for the same input.
 */
import { validationRules } from './rules.gen'
import { cleanText } from './text'

export const { ENTER_VALID_EMAIL, ENTER_PASSWORD, FILL_PASSWORD_FIELDS, PASSWORDS_SHOULD_MATCH, PASSWORD_HINT, UNABLE_TO_LOGIN, NETWORK_FAILURE } =
  validationRules
// the browser's own: its fallback when a refused signup came without a message
export const UNABLE_TO_SIGNUP = 'Unable to signup with provided credentials'

/** A standard address whose top-level domain has 2-4 letters (the server's pattern, generated). */
const EMAIL = new RegExp(validationRules.EMAIL_PATTERN)

export function emailError(value: string | undefined | null): string | null {
  const email = cleanText(value ?? '')
  return email.length > validationRules.EMAIL_MAX_LENGTH || !EMAIL.test(email) ? ENTER_VALID_EMAIL : null
}

export function isValidEmail(value: string | undefined | null): boolean {
  return emailError(value) === null
}

export function passwordError(value: string | undefined | null): string | null {
  return value ? null : ENTER_PASSWORD
}

export interface PasswordHintCheck {
  id: 'uppercase' | 'number' | 'length'
  label: string
  met: boolean
}

/** The three parts of the new-password hint, each with whether the value meets it. */
export function passwordHintChecks(value: string): PasswordHintCheck[] {
  return [
    { id: 'uppercase', label: 'An uppercase letter', met: /[A-Z]/.test(value) },
    { id: 'number', label: 'A number', met: /\d/.test(value) },
    { id: 'length', label: 'At least 8 characters', met: value.length >= 8 },
  ]
}

/** New password (reset confirm, change): both filled, equal, and meeting the hint. */
export function newPasswordError(password1: string | undefined, password2: string | undefined): string | null {
  if (!password1 || !password2) return FILL_PASSWORD_FIELDS
  if (password1 !== password2) return PASSWORDS_SHOULD_MATCH
  if (!passwordHintChecks(password1).every((c) => c.met)) return PASSWORD_HINT
  return null
}
