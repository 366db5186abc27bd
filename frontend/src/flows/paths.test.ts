import { describe, expect, it } from 'vitest'
import { progressOf, resyncAction, stepFromPath, stepPath, visibleSteps } from './paths'
import type { FlowStepView } from './types'

const BASE = '/app/onboarding'
const STEPS: FlowStepView[] = [
  { id: 'intro', state: 'done' },
  { id: 'name-phone-info', state: 'done' },
  { id: 'state-availability-issue', state: 'skipped' },
  { id: 'ssn', state: 'current' },
  { id: 'accreditation-status', state: 'todo' },
]

describe('step paths', () => {
  it('maps the intro step to the root', () => {
    expect(stepPath(BASE, 'intro')).toBe('/app/onboarding')
    expect(stepPath(BASE, 'ssn')).toBe('/app/onboarding/ssn')
  })
  it('reads the step from a pathname', () => {
    expect(stepFromPath(BASE, '/app/onboarding')).toBe('intro')
    expect(stepFromPath(BASE, '/app/onboarding/')).toBe('intro')
    expect(stepFromPath(BASE, '/app/onboarding/ssn')).toBe('ssn')
    expect(stepFromPath(BASE, '/app/onboarding/ssn/x')).toBeNull()
    expect(stepFromPath(BASE, '/app/onboardingx')).toBeNull()
    expect(stepFromPath(BASE, '/app/home')).toBeNull()
  })
})

describe('resync', () => {
  it('nothing when they match', () => expect(resyncAction(STEPS, 'ssn', 'ssn')).toBe('none'))
  it('goes back for a previous step that applies', () => {
    expect(resyncAction(STEPS, 'ssn', 'name-phone-info')).toBe('back')
    expect(resyncAction(STEPS, 'ssn', 'intro')).toBe('back')
  })
  it('corrects a later, skipped or unknown step', () => {
    expect(resyncAction(STEPS, 'ssn', 'accreditation-status')).toBe('replace')
    expect(resyncAction(STEPS, 'ssn', 'state-availability-issue')).toBe('replace')
    expect(resyncAction(STEPS, 'ssn', 'nope')).toBe('replace')
    expect(resyncAction(STEPS, 'ssn', null)).toBe('replace')
  })
})

describe('progress', () => {
  it('counts the steps that apply', () => {
    expect(visibleSteps(STEPS).map((s) => s.id)).not.toContain('state-availability-issue')
    expect(progressOf(STEPS, 'ssn')).toEqual({ index: 3, count: 4 })
    expect(progressOf(STEPS, 'intro')).toEqual({ index: 1, count: 4 })
  })
})
