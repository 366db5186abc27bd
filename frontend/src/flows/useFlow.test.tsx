// @vitest-environment happy-dom
/**
 * A wizard's live state as the person sees it: every change comes over the flow's event stream (an older state is
 * ignored); while the stream is down the flow is read again after 2 s, 4 s, 8 s, ... (never while the tab is hidden,
 * going on after a failed read), and not at all once the stream is back.
 */
import { Text } from '@chakra-ui/react'
import { act, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeEventStream } from '../testing/eventStream'
import { flowStateAt } from '../testing/flows'
import { json, loggedInEachTest, renderApp, stubApi } from '../testing/render'
import { FlowRenderer } from './FlowRenderer'
import { useFlowStep, type StepRegistry } from './stepContext'
import { fallbackDelayMs } from './useFlow'
import type { FlowState } from './types'

function Step() {
  const { state } = useFlowStep()
  return <Text data-testid="version">version {state.version}</Text>
}

const registry: StepRegistry = {
  intro: { title: 'Your name', component: Step },
  waiting: { title: 'Waiting for your deposit', component: Step },
}

const state = (step: 'intro' | 'waiting', version: number): FlowState => flowStateAt(['intro', 'waiting'], step, version)

const routes = [{ path: '/app/test/*', element: <FlowRenderer kind="test" base="/app/test" registry={registry} exitTo="/app" name="Test" /> }]
const READ = 'GET /api/flows/test/f1'
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))

function setVisibility(value: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value, configurable: true })
  document.dispatchEvent(new Event('visibilitychange'))
}

loggedInEachTest()
beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }))
afterEach(() => {
  vi.useRealTimers()
  setVisibility('visible')
})

describe('useFlow', () => {
  it('shows each newer state the stream brings, ignores an older one, and reads nothing while the stream is up', async () => {
    const stream = fakeEventStream()
    const seen = stubApi({
      'POST /api/flows/test': () => json(state('intro', 1)),
      'GET /api/flows/test/f1/events': () => stream.answer(),
    })
    renderApp(routes, '/app/test')
    await advance(10)
    expect(screen.getByRole('heading', { name: 'Your name' })).toBeTruthy()
    stream.send('message', state('waiting', 3)) // the workflow moved on by itself
    await advance(10)
    expect(screen.getByRole('heading', { name: 'Waiting for your deposit' })).toBeTruthy()
    stream.send('message', state('intro', 2)) // a late, older state
    await advance(10)
    expect(screen.getByRole('heading', { name: 'Waiting for your deposit' })).toBeTruthy()
    expect(screen.getByTestId('version').textContent).toBe('version 3')
    await advance(120_000)
    expect(seen.filter((r) => r === READ)).toEqual([])
  })

  it('reads the flow with back-off while the stream is down, stops once it is back, and starts afresh at the next outage', async () => {
    let up = false
    const stream = fakeEventStream()
    const seen = stubApi({
      'POST /api/flows/test': () => json(state('intro', 1)),
      [READ]: () => json(state('waiting', 2)),
      'GET /api/flows/test/f1/events': () => (up ? stream.answer() : json({ detail: 'down' }, 503)),
    })
    const reads = () => seen.filter((r) => r === READ).length
    renderApp(routes, '/app/test')
    await advance(1_999)
    expect(reads()).toBe(0)
    await advance(1)
    expect(reads()).toBe(1) // after 2 s
    await advance(3_999)
    expect(reads()).toBe(1)
    expect(screen.getByRole('heading', { name: 'Waiting for your deposit' })).toBeTruthy() // what the read brought
    await advance(1)
    expect(reads()).toBe(2) // then 4 s later
    await advance(7_999)
    expect(reads()).toBe(2)
    await advance(1)
    expect(reads()).toBe(3) // then 8 s later (the stream's own reconnections do not start it again)

    up = true // the stream's next reconnection (15 s after the start) gets through
    await advance(2_000)
    expect(reads()).toBe(3)
    await advance(120_000)
    expect(reads()).toBe(3) // up: no reads at all

    up = false
    stream.drop() // a new outage: 2 s again
    await advance(10) // the page learns of it
    await advance(1_999)
    expect(reads()).toBe(3)
    await advance(1)
    expect(reads()).toBe(4)
  })

  it('reads nothing while the tab is hidden, and goes on after a failed read', async () => {
    const seen = stubApi({
      'POST /api/flows/test': () => json(state('intro', 1)),
      [READ]: [() => json({ detail: 'down' }, 503), () => json(state('intro', 2))],
      'GET /api/flows/test/f1/events': () => json({ detail: 'down' }, 503),
    })
    const reads = () => seen.filter((r) => r === READ).length
    renderApp(routes, '/app/test')
    await advance(10)
    setVisibility('hidden')
    await advance(30_000)
    expect(reads()).toBe(0)
    setVisibility('visible')
    await advance(2_010)
    expect(reads()).toBe(1) // failed
    expect(screen.getByRole('heading', { name: 'Your name' })).toBeTruthy() // the step stays
    await advance(4_000)
    expect(reads()).toBe(2)
    expect(screen.getByTestId('version').textContent).toBe('version 2')
  })
})

describe('fallback delay', () => {
  it('backs off from 2 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(fallbackDelayMs)).toEqual([2000, 4000, 8000, 16000, 30000, 30000, 30000])
  })
})
