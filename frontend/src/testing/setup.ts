// Vitest's setup for every test file: Testing Library's waits (waitFor, findBy*) get one generous deadline instead of
// its 1 s default. A waited-for screen shows as soon as it renders, so a fast machine stays fast; a loaded one (a CI
// run beside other work: a lazily loaded page took over 1 s to appear) merely waits longer.
import { configure } from '@testing-library/dom'

export const WAIT_DEADLINE_MS = 15_000

configure({ asyncUtilTimeout: WAIT_DEADLINE_MS })
