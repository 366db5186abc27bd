import { describe, expect, it } from 'vitest'
import { loginSchema, newPasswordSchema, resetSchema, signupSchema } from './schemas'
import { cleanText } from './text'
import {
  emailError,
  ENTER_PASSWORD,
  ENTER_VALID_EMAIL,
  FILL_PASSWORD_FIELDS,
  isValidEmail,
  newPasswordError,
  PASSWORD_HINT,
  passwordError,
  passwordHintChecks,
  PASSWORDS_SHOULD_MATCH,
} from './validation'

async function errorsOf(schema: { validate(v: unknown, o: object): Promise<unknown> }, values: object): Promise<Record<string, string>> {
  try {
    await schema.validate(values, { abortEarly: false })
    return {}
  } catch (e) {
    const inner = (e as { inner: { path: string; message: string }[] }).inner
    return Object.fromEntries(inner.map((i) => [i.path, i.message]))
  }
}

describe('text cleaning', () => {
  it('trims and removes zero-width spaces', () => {
    expect(cleanText('  a\u200bb\u200c\u200d\u2060\ufeffc  ')).toBe('abc')
  })
})

describe('email', () => {
  it.each(['a@b.co', 'first.last+tag@example.com', 'x@sub.domain.info', '  pad@example.org  ', 'zw\u200b@example.com'])('accepts %s', (v) => {
    expect(emailError(v)).toBeNull()
    expect(isValidEmail(v)).toBe(true)
  })
  it.each(['', '   ', 'plain', 'a@b', 'a@b.c', 'a@b.museum', 'a@@b.com', 'a b@c.com', 'a@-b.com', 'a@b.c0m'])('rejects %j', (v) => {
    expect(emailError(v)).toBe(ENTER_VALID_EMAIL)
  })
  it('gives the exact message', () => {
    expect(ENTER_VALID_EMAIL).toBe('Enter a valid email address')
  })
})

describe('password', () => {
  it('needs a value', () => {
    expect(passwordError('')).toBe('Enter a password')
    expect(passwordError(undefined)).toBe(ENTER_PASSWORD)
    expect(passwordError('x')).toBeNull()
  })
})

describe('new password', () => {
  it('asks for both fields', () => {
    expect(newPasswordError('', '')).toBe('Please fill in password fields')
    expect(newPasswordError('Abcdefg1', '')).toBe(FILL_PASSWORD_FIELDS)
    expect(newPasswordError('', 'Abcdefg1')).toBe(FILL_PASSWORD_FIELDS)
  })
  it('needs matching fields', () => {
    expect(newPasswordError('Abcdefg1', 'Abcdefg2')).toBe('Passwords should match')
  })
  it('applies the hint', () => {
    expect(newPasswordError('abcdefg1', 'abcdefg1')).toBe(PASSWORD_HINT)
    expect(newPasswordError('Abcdefgh', 'Abcdefgh')).toBe(PASSWORD_HINT)
    expect(newPasswordError('Abcdef1', 'Abcdef1')).toBe(PASSWORD_HINT)
    expect(newPasswordError('Abcdefg1', 'Abcdefg1')).toBeNull()
  })
  it('reports each hint part', () => {
    expect(passwordHintChecks('abc').map((c) => [c.id, c.met])).toEqual([
      ['uppercase', false],
      ['number', false],
      ['length', false],
    ])
    expect(passwordHintChecks('Abcdefg1').every((c) => c.met)).toBe(true)
  })
})

describe('yup schemas', () => {
  it('login: invalid e-mail and empty password', async () => {
    expect(await errorsOf(loginSchema, { email: 'nope', password: '' })).toEqual({
      email: ENTER_VALID_EMAIL,
      password: ENTER_PASSWORD,
    })
  })
  it('login: cleaned e-mail passes', async () => {
    expect(await errorsOf(loginSchema, { email: ' me\u200b@example.com ', password: 'x', remember_me: true })).toEqual({})
  })
  it('signup: same rules, no strength check', async () => {
    expect(await errorsOf(signupSchema, { email: 'a@b.io', password: 'x' })).toEqual({})
    expect(await errorsOf(signupSchema, { email: '', password: '' })).toEqual({ email: ENTER_VALID_EMAIL, password: ENTER_PASSWORD })
  })
  it('reset: e-mail only', async () => {
    expect(await errorsOf(resetSchema, { email: 'bad@' })).toEqual({ email: ENTER_VALID_EMAIL })
  })
  it('new password', async () => {
    expect(await errorsOf(newPasswordSchema, { new_password1: '', new_password2: '' })).toEqual({
      new_password1: FILL_PASSWORD_FIELDS,
      new_password2: FILL_PASSWORD_FIELDS,
    })
    expect(await errorsOf(newPasswordSchema, { new_password1: 'Abcdefg1', new_password2: 'Abcdefg9' })).toEqual({
      new_password2: PASSWORDS_SHOULD_MATCH,
    })
    expect(await errorsOf(newPasswordSchema, { new_password1: 'Abcdefg1', new_password2: 'Abcdefg1' })).toEqual({})
  })
})
