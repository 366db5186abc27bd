/**
 * Auth validation rules and their messages (spec doc 1 §5, §8).
 * Mirrors domain/validation.py on the server so both give the same message for the same input.
 */
import { cleanText } from './text'

export const ENTER_VALID_EMAIL = 'Enter a valid email address'
export const ENTER_PASSWORD = 'Enter a password'
export const FILL_PASSWORD_FIELDS = 'Please fill in password fields'
export const PASSWORDS_SHOULD_MATCH = 'Passwords should match'
export const PASSWORD_HINT = 'Password must have an uppercase letter, a number and at least 8 characters'
export const UNABLE_TO_LOGIN = 'Unable to login with provided credentials'
export const UNABLE_TO_SIGNUP = 'Unable to signup with provided credentials'
export const NETWORK_FAILURE = 'Something went wrong. Please, try again later.'

/** A standard address whose top-level domain has 2-4 letters (same pattern as the server). */
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,4}$/

export function emailError(value: string | undefined | null): string | null {
  const email = cleanText(value ?? '')
  return email.length > 254 || !EMAIL.test(email) ? ENTER_VALID_EMAIL : null
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
