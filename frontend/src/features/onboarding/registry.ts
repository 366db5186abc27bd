/** The onboarding wizard's steps (docs/flows.md, spec doc 2 §2.2): step id → title and component. */
import type { StepRegistry } from '../../flows/stepContext'
import { AccreditationStep } from './steps/AccreditationStep'
import { BankAccountTypeStep } from './steps/BankAccountTypeStep'
import { BankInfoStep } from './steps/BankInfoStep'
import { ConnectBankStep } from './steps/ConnectBankStep'
import { DateOfBirthStep } from './steps/DateOfBirthStep'
import { OrganizationStep, TickerStep } from './steps/DetailTextStep'
import { EmployerStep } from './steps/EmployerStep'
import { EmploymentDetailsStep } from './steps/EmploymentDetailsStep'
import { EmploymentStatusStep } from './steps/EmploymentStatusStep'
import { FundAccountStep } from './steps/FundAccountStep'
import { HomeAddressStep } from './steps/HomeAddressStep'
import { ConfirmationStep, microDeposits, SharePurchaseInfoStep } from './steps/InfoSteps'
import { IntroStep } from './steps/IntroStep'
import { NamePhoneStep } from './steps/NamePhoneStep'
import { RiskProfileStep } from './steps/RiskProfileStep'
import { SsnStep } from './steps/SsnStep'
import { StateAvailabilityStep } from './steps/StateAvailabilityStep'
import { FinraStep, ShareholderStep } from './steps/YesNoStep'

export const ONBOARDING_STEPS: StepRegistry = {
  intro: { title: 'Creating Your Profile', component: IntroStep },
  'name-phone-info': { title: 'Your Name and Phone', component: NamePhoneStep },
  'date-of-birth': { title: 'Date of Birth', component: DateOfBirthStep },
  'home-address': { title: 'Home Address', component: HomeAddressStep },
  'state-availability-issue': { title: 'State Availability Issue', component: StateAvailabilityStep },
  ssn: { title: 'Social Security Number', component: SsnStep },
  'accreditation-status': { title: 'Accreditation Status', component: AccreditationStep },
  'employment-status': { title: 'Employment Status', component: EmploymentStatusStep },
  'employer-information': { title: 'Employer Information', component: EmployerStep },
  'employment-details': { title: 'Income and Net Worth', component: EmploymentDetailsStep },
  'risk-profile': { title: 'Risk Profile', component: RiskProfileStep },
  'finra-or-sec': { title: 'Industry Affiliation', component: FinraStep },
  'organization-name': { title: 'Organization Name', component: OrganizationStep },
  'is-shareholder': { title: 'Public Company Affiliation', component: ShareholderStep },
  'company-ticker': { title: 'Company Ticker', component: TickerStep },
  'share-purchase-info': {
    title: (s) => (typeof s.context.title === 'string' && s.context.title ? s.context.title : 'Fund Your Account'),
    component: SharePurchaseInfoStep,
  },
  'connect-bank': { title: 'Connect Your Bank', component: ConnectBankStep },
  'bank-account-type': { title: 'Bank Account Type', component: BankAccountTypeStep },
  'bank-info': { title: 'Bank Information', component: BankInfoStep },
  // going back from here would link the bank a second time
  confirmation: { title: (s) => (microDeposits(s) ? 'Verify Your Bank Account' : 'Bank Account Linked'), component: ConfirmationStep, back: false },
  'fund-account': { title: 'Fund Your Account', component: FundAccountStep, back: false },
}
