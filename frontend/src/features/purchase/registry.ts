/**
 * The purchase flow's steps (docs/purchase.md "Steps", spec doc 2 §2.5): step id → title and component. The
 * profile and bank steps are the onboarding's own (same ids).
 */
import type { StepRegistry } from '../../flows/stepContext'
import { ONBOARDING_STEPS } from '../onboarding/registry'
import { AgreementStep } from './steps/AgreementStep'
import { CongratsStep } from './steps/CongratsStep'
import { ConfirmPurchaseStep } from './steps/ConfirmPurchaseStep'
import { DocusignStep } from './steps/DocusignStep'
import { IntroStep } from './steps/IntroStep'
import { NotEnoughCashStep } from './steps/NotEnoughCashStep'
import { PassportStep } from './steps/PassportStep'
import { ResultStep, resultTitle } from './steps/ResultStep'
import { SelectSharesStep } from './steps/SelectSharesStep'
import { TosStep } from './steps/TosStep'

export const MAKE_INVESTMENT_STEPS: StepRegistry = {
  ...ONBOARDING_STEPS,
  'dwolla-tos': { title: 'Payment Terms of Service', component: TosStep },
  intro: { title: "Here's What's About to Happen", component: IntroStep },
  'select-shares': { title: 'Select Shares', component: SelectSharesStep },
  'investing-passport': { title: 'Investing Passport', component: PassportStep },
  'not-enough-cash': { title: 'Not Enough Cash', component: NotEnoughCashStep },
  docusign: { title: 'Sign the Subscription Agreement', component: DocusignStep },
  'subscription-agreement': { title: 'Subscription Agreement', component: AgreementStep, wide: true },
  // the agreement is signed for these shares: going back would sign again
  'confirm-purchase': { title: 'Confirm Your Purchase', component: ConfirmPurchaseStep, back: false },
  success: { title: resultTitle, component: ResultStep, back: false },
  congrats: { title: "YOU'RE IN!", component: CongratsStep, back: false },
}
