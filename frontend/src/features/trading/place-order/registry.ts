/**
 * The order wizard's steps (spec doc 3 §2.2; docs/trading.md "Order wizard"): step id → title and component. The
 * profile and bank steps are the onboarding's own (same ids); the payment terms and the passport are the purchase's.
 */
import type { StepRegistry } from '../../../flows/stepContext'
import type { FlowState } from '../../../flows/types'
import { PassportStep } from '../../purchase/steps/PassportStep'
import { TosStep } from '../../purchase/steps/TosStep'
import { ONBOARDING_STEPS } from '../../onboarding/registry'
import { OrderIntroStep } from './steps/OrderIntroStep'
import { OrderSummaryStep } from './steps/OrderSummaryStep'
import { ReviewOrderStep } from './steps/ReviewOrderStep'
import { SelectOrderStep } from './steps/SelectOrderStep'

const ask = (s: FlowState) => s.context.side === 'ASK'
const editing = (s: FlowState) => s.context.editing === true

export const PLACE_ORDER_STEPS: StepRegistry = {
  ...ONBOARDING_STEPS,
  'dwolla-tos': { title: 'Payment Terms of Service', component: TosStep },
  intro: { title: (s) => (editing(s) ? 'Edit Your Order' : ask(s) ? 'Place an Ask' : 'Place a Bid'), component: OrderIntroStep },
  'investing-passport': { title: 'Investing Passport', component: PassportStep },
  'select-bid': { title: (s) => (ask(s) ? 'How Many Shares to Sell?' : 'How Many Shares to Buy?'), component: SelectOrderStep },
  review: { title: (s) => (editing(s) ? 'Review Your Edit' : ask(s) ? 'Review Your Ask' : 'Review Your Bid'), component: ReviewOrderStep },
  // the order is placed: there is no going back from its summary
  summary: { title: 'Order Summary', component: OrderSummaryStep, back: false },
}
