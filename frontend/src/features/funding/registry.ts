/** The fund-account wizard's steps (spec doc 2 §2.3): the bank steps are the onboarding's. */
import type { StepRegistry } from '../../flows/stepContext'
import { BankAccountTypeStep } from '../onboarding/steps/BankAccountTypeStep'
import { BankInfoStep } from '../onboarding/steps/BankInfoStep'
import { ConnectBankStep } from '../onboarding/steps/ConnectBankStep'
import { ConfirmationStep, microDeposits } from '../onboarding/steps/InfoSteps'
import { FundIntroStep } from './steps/FundIntroStep'
import { SuccessStep } from './steps/SuccessStep'
import { TransferInitiatedStep } from './steps/TransferInitiatedStep'
import { TransferStep } from './steps/TransferStep'

export const FUND_ACCOUNT_STEPS: StepRegistry = {
  intro: { title: 'Fund Your Account', component: FundIntroStep },
  'connect-bank': { title: 'Connect Your Bank', component: ConnectBankStep },
  'bank-account-type': { title: 'Bank Account Type', component: BankAccountTypeStep },
  'bank-info': { title: 'Bank Information', component: BankInfoStep },
  // once the bank is linked, going back would link it again
  transfer: { title: 'Transfer Funds', component: TransferStep, back: false },
  'transfer-initiated': { title: 'Transfer Initiated', component: TransferInitiatedStep, back: false },
  confirmation: { title: (s) => (microDeposits(s) ? 'Verify Your Bank Account' : 'Bank Account Linked'), component: ConfirmationStep, back: false },
  success: { title: 'All Set', component: SuccessStep, back: false },
}
