import { describe, expect, it } from 'vitest'
import { formatPhone } from '../../domain/formatters'
import { cleaned, withSaved } from './saved'

describe('saved values', () => {
  it('fill the defaults, skipping nulls, formatting text', () => {
    const saved = { first_name: 'Ada', last_name: null, phone_number: '5555555555', other: 'x' }
    expect(withSaved({ first_name: '', last_name: '', phone_number: '' }, saved, { phone_number: formatPhone })).toEqual({
      first_name: 'Ada',
      last_name: '',
      phone_number: '(555) 555-5555',
    })
  })
  it('keep booleans and numbers as text where the form keeps text', () => {
    expect(withSaved({ isShareholder: null as boolean | null, income: '' }, { isShareholder: false, income: 52000 })).toEqual({ isShareholder: false, income: '52000' })
  })
  it('clean every text of a payload', () => {
    expect(cleaned({ a: '  x\u200b ', b: true })).toEqual({ a: 'x', b: true })
  })
})
