/** The password change's rules in the browser say what the server's say (domain/password_change.py), field by field. */
import { describe, expect, it } from 'vitest'
import { passwordChangeErrors, passwordChangeSchema } from './passwordChange'

const CASES: [string, string, string, Record<string, string>][] = [
  ['', '', '', { old_password: 'Current password is required', new_password1: 'New password is required', new_password2: 'Confirm password is required' }],
  ['Old12345', 'lower123', 'lower123', { new_password1: 'One uppercase character is required' }],
  ['Old12345', 'Lowercase', 'Lowercase', { new_password1: 'One digit is required' }],
  ['Old12345', 'Ab1', 'Ab1', { new_password1: 'Password should be at least 8 characters long' }],
  ['Old12345', 'Old12345', 'Old12345', { new_password1: 'The current password and new password should be different' }],
  ['Old12345', 'New12345', 'New1234', { new_password2: 'Passwords should match' }],
  ['Old12345', 'New12345', 'New12345', {}],
]

describe('password change rules', () => {
  it.each(CASES)('%s / %s / %s', async (old_password, new_password1, new_password2, expected) => {
    const values = { old_password, new_password1, new_password2 }
    expect(passwordChangeErrors(values)).toEqual(expected)
    const seen: Record<string, string> = {}
    await passwordChangeSchema.validate(values, { abortEarly: false }).catch((e: { inner: { path: string; message: string }[] }) => {
      for (const i of e.inner) seen[i.path] = i.message
    })
    expect(seen).toEqual(expected)
  })
})
