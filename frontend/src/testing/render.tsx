/**
 * Component tests' harness (Testing Library, happy-dom): the app's providers around a screen, a fresh QueryClient
 * (the app's retry policy, no waiting between retries) and the api answered by a stub of fetch, so the real client,
 * its middleware and the queries run.
 */
import { ChakraProvider } from '@chakra-ui/react'
import { QueryClientProvider, QueryClient } from '@tanstack/react-query'
import { cleanup, render, type RenderResult } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { afterEach, beforeEach, vi } from 'vitest'
import { shouldRetry } from '../api/queryClient'
import { session } from '../app/session/sessionStore'
import { system } from '../theme'
import { AlertProvider } from '../ui/AlertProvider'

export type Answer = (request: Request) => Response | Promise<Response>

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

/** The route of `routes` a request's 'METHOD /path' matches: itself, else a key with `*` standing for one segment. */
function routeOf(routes: Record<string, unknown>, route: string): string {
  if (route in routes) return route
  const wild = (key: string) => new RegExp(`^${key.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+')}$`)
  return Object.keys(routes).find((key) => key.includes('*') && wild(key).test(route)) ?? route
}

/**
 * Stubs fetch: `routes` maps 'METHOD /path' to an answer (a list is used up in order, its last one repeated); a `*`
 * in a path stands for one segment (an id the test does not spell); anything else is a 404. Returns the requests
 * seen, as 'METHOD /path'.
 */
export function stubApi(routes: Record<string, Answer | Answer[]>): string[] {
  const seen: string[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init)
    const route = `${request.method} ${new URL(request.url).pathname}`
    seen.push(route)
    const answer = routes[routeOf(routes, route)]
    const next = Array.isArray(answer) ? (answer.length > 1 ? answer.shift() : answer[0]) : answer
    return next ? next(request) : json({ detail: 'Not Found' }, 404)
  })
  vi.stubGlobal('fetch', fetch)
  return seen
}

/** Each test of the file runs logged in as `userId`, and leaves no screen, stub or session behind. */
export function loggedInEachTest(userId = 7): void {
  beforeEach(() => session.login({ token: 'test-token', user_id: userId }))
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
    session.logout('silent')
  })
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: shouldRetry, retryDelay: 0 }, mutations: { retry: false } } })
}

/** Renders `routes` at `path` inside the app's providers. */
export function renderApp(routes: RouteObject[], path: string, wrap: (children: ReactNode) => ReactNode = (c) => c): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const queryClient = testQueryClient()
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ChakraProvider value={system}>
        <AlertProvider>{wrap(<RouterProvider router={router} />)}</AlertProvider>
      </ChakraProvider>
    </QueryClientProvider>,
  )
  return { ...result, router }
}
