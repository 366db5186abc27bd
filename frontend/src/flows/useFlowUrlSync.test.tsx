// @vitest-environment happy-dom
/**
 * The wizard's URL and the browser's history: browser back while the step before is still being answered (its new
 * state came over the stream first, then again) takes the flow back once the answer is in; a back the server
 * cannot make leaves the URL on the server's step.
 */
import { act, cleanup, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { flowStateAt } from '../testing/flows'
import type { FlowState } from './types'
import type { FlowController } from './useFlow'
import { useFlowUrlSync } from './useFlowUrlSync'

const STEPS = ['intro', 'ssn', 'accreditation'] as const
type Step = (typeof STEPS)[number]

function flowState(step: Step, version: number): FlowState {
  return flowStateAt(STEPS, step, version, { flow_id: 'onboarding-1', kind: 'onboarding' })
}

let update: (patch: Partial<FlowController>) => void = () => undefined

function Wizard({ initial }: { initial: FlowController }) {
  const [flow, setFlow] = useState(initial)
  update = (patch) => setFlow((f) => ({ ...f, ...patch }))
  useFlowUrlSync(flow, '/app/onboarding', '/app/home')
  return <output data-testid="url">{useLocation().pathname}</output>
}

function controller(state: FlowState, backTo: FlowController['backTo']): FlowController {
  const idle = () => Promise.resolve()
  return {
    state, openFailed: false, busy: null, busyStep: null, backTo,
    submit: () => Promise.resolve(null), back: idle, close: idle, reopen: () => undefined, refresh: idle,
  }
}

async function mount(flow: FlowController) {
  const router = createMemoryRouter([{ path: '/app/onboarding/*', element: <Wizard initial={flow} /> }], {
    initialEntries: ['/app/onboarding/ssn'],
  })
  render(<RouterProvider router={router} />)
  await screen.findByText('/app/onboarding/ssn')
  return router
}

const url = () => screen.getByTestId('url').textContent

/** SSN submitted: its next state arrives over the stream before the answer; the URL moves on to the next step. */
async function submittedSsn() {
  await act(async () => update({ busy: 'submit', busyStep: 'ssn' }))
  await act(async () => update({ state: flowState('accreditation', 3) }))
  expect(url()).toBe('/app/onboarding/accreditation')
}

/** The flow's backTo as the server answers it: busy while it goes, then at the step `lands` says. */
function serverBack(lands: (step: Step) => Step) {
  return vi.fn(async (step: string) => {
    update({ busy: 'sync', busyStep: 'accreditation' })
    await Promise.resolve()
    update({ busy: null, busyStep: null, state: flowState(lands(step as Step), 4) })
  })
}

afterEach(() => {
  cleanup()
  update = () => undefined
})

describe('browser back on the wizard', () => {
  it('goes back once the step before has its answer, though the same state arrives again meanwhile', async () => {
    const backTo = serverBack((step) => step)
    const router = await mount(controller(flowState('ssn', 2), backTo))
    await submittedSsn()

    await act(async () => router.navigate(-1)) // browser back, the answer not in yet
    expect(url()).toBe('/app/onboarding/ssn')
    await act(async () => update({ state: flowState('accreditation', 3) })) // the same state again (stream, poll)
    expect(url()).toBe('/app/onboarding/ssn')
    expect(backTo).not.toHaveBeenCalled()

    await act(async () => update({ busy: null, busyStep: null, state: flowState('accreditation', 3) })) // the answer
    expect(backTo).toHaveBeenCalledWith('ssn', STEPS.length)
    expect(url()).toBe('/app/onboarding/ssn')
  })

  it('goes back on the browser’s back though the router’s location never changed (our push was overtaken)', async () => {
    // React Router renders a location in a transition: our push of the next step, then the browser's back to this
    // one, can render as no change at all; the browser's popstate (its URL) is what says the person went back
    const backTo = serverBack((step) => step)
    const router = await mount(controller(flowState('ssn', 2), backTo))
    await submittedSsn()
    await act(async () => update({ busy: null, busyStep: null }))
    expect(backTo).not.toHaveBeenCalled()

    window.history.replaceState(null, '', '/app/onboarding/ssn') // the browser's URL; the router's stays as it was
    await act(async () => void window.dispatchEvent(new PopStateEvent('popstate')))
    expect(backTo).toHaveBeenCalledWith('ssn', STEPS.length)
    expect(router.state.historyAction).not.toBe('POP') // no history move of the router's own came
    expect(url()).toBe('/app/onboarding/ssn') // the server went back: its step is in the URL
  })

  it('shows the server’s step in the URL when the server cannot go back that far', async () => {
    const backTo = serverBack(() => 'accreditation') // e.g. a linked bank: it stays
    const router = await mount(controller(flowState('ssn', 2), backTo))
    await submittedSsn()
    await act(async () => update({ busy: null, busyStep: null }))

    await act(async () => router.navigate(-1))
    expect(backTo).toHaveBeenCalledWith('ssn', STEPS.length)
    expect(url()).toBe('/app/onboarding/accreditation')
  })
})
