/** /app/onboarding/*: the onboarding wizard, drawn by the generic flow renderer. */
import { FlowRenderer } from '../../flows/FlowRenderer'
import { ONBOARDING_STEPS } from './registry'

export function OnboardingPage() {
  return <FlowRenderer kind="onboarding" base="/app/onboarding" registry={ONBOARDING_STEPS} exitTo="/app" name="Creating Your Profile" />
}
