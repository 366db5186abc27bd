/**
 * Yup schemas of the onboarding steps, one per step, built on the rules in profile.ts (the server's validators in
 * domain/onboarding.py, same messages). They validate the payload each step sends.
 */
import * as Yup from 'yup'
import * as r from './profile'

type Check = (value: unknown, parent: Record<string, unknown>) => string | null

/** A field checked by one of the shared rules: its message is the rule's message. */
function rule(check: Check) {
  return Yup.mixed().nullable().test('rule', function test(value) {
    const message = check(value, (this.parent ?? {}) as Record<string, unknown>)
    return message ? this.createError({ message }) : true
  })
}

const required = (message: string) => rule((v) => (r.text(v) ? null : message))
const choice = (options: readonly string[], message: string) => rule((v) => (options.includes(v as string) ? null : message))
const isTrue = (message: string) => rule((v) => (v === true ? null : message))
const yesNo = rule((v) => (typeof v === 'boolean' ? null : r.ANSWER_REQUIRED))

export const namePhoneSchema = Yup.object({
  first_name: required(r.FIRST_NAME_REQUIRED),
  last_name: required(r.LAST_NAME_REQUIRED),
  phone_number: rule((v) => r.phoneError(v)),
})

export const dateOfBirthSchema = (today: r.CalendarDate = r.calendarToday()) =>
  Yup.object({ date_of_birth: rule((v) => r.dobError(v, today)) })

export const homeAddressSchema = Yup.object({
  address: rule((v) => r.addressLineError(v, true)),
  apt: rule((v) => r.addressLineError(v, false)),
  city: required(r.CITY_REQUIRED),
  state: rule((v) => r.stateError(v)),
  postal_code: rule((v) => r.zipError(v)),
})

export const ssnSchema = ({ locked, migrationFlag }: { locked: boolean; migrationFlag: boolean }) =>
  Yup.object({
    ssn: rule((v) => r.ssnError(v, locked)),
    ...(migrationFlag
      ? { agreeAndContinue: isTrue(r.TERMS_REQUIRED) }
      : { agreedToCustodianTerms: isTrue(r.TERMS_REQUIRED), agreedToPaymentTerms: isTrue(r.TERMS_REQUIRED) }),
  })

export const accreditationSchema = Yup.object({
  accredited_status: choice(r.ACCREDITED_STATUSES, r.ACCREDITATION_REQUIRED),
})

export const employmentStatusSchema = Yup.object({
  employmentStatus: choice(r.EMPLOYMENT_TYPES, r.EMPLOYMENT_REQUIRED),
})

export const employerSchema = Yup.object({
  employer: rule((v) => r.lengthError(v, r.EMPLOYER_LABEL)),
  occupationOrJobTitle: rule((v) => r.lengthError(v, r.OCCUPATION_LABEL)),
})

export const meansSchema = Yup.object({
  pretaxAnnualIncome: rule((v, p) => {
    if (r.moneyAmount(v) === null) return r.INCOME_REQUIRED
    return r.lowMeans(v, p.liquidNetWorth) ? r.RISK_ALERT_LOW_MEANS : null
  }),
  liquidNetWorth: rule((v, p) => {
    if (r.moneyAmount(v) === null) return r.NET_WORTH_REQUIRED
    return r.lowMeans(p.pretaxAnnualIncome, v) ? r.RISK_ALERT_LOW_MEANS : null
  }),
})

export const riskSchema = Yup.object({ riskToleranceLevel: rule((v) => r.riskError(v)) })

export const associatedSchema = Yup.object({ isAssociated: yesNo })
export const shareholderSchema = Yup.object({ isShareholder: yesNo })
export const organizationSchema = Yup.object({ sec_or_finra_organization_name: required(r.ORGANIZATION_REQUIRED) })
export const tickersSchema = Yup.object({ publicly_traded_company_tickers: required(r.TICKERS_REQUIRED) })

export const connectBankSchema = Yup.object({
  method: rule((v) => (v === 'provider' || v === 'manual' ? null : r.BANK_METHOD_REQUIRED)),
  public_token: rule((v, p) => (p.method !== 'provider' || r.text(v) ? null : r.LINK_BANK_REQUIRED)),
})

export const accountTypeSchema = Yup.object({ accountType: choice(r.ACCOUNT_TYPES, r.ACCOUNT_TYPE_REQUIRED) })

export const bankInfoSchema = Yup.object({
  nameOnAccount: required(r.NAME_ON_ACCOUNT_REQUIRED),
  routingNumber: rule((v) => r.digitsError(v, r.ROUTING_NUMBER_LABEL, 9, 9)),
  accountNumber: rule((v) => r.digitsError(v, r.ACCOUNT_NUMBER_LABEL, 4, 17)),
})
