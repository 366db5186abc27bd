import { ChakraProvider } from '@chakra-ui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { useMemo } from 'react'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { UserProvider } from './app/account/UserProvider'
import { queryClient } from './api/queryClient'
import { currentMode } from './domain/mode'
import { routes } from './routes'
import { usePushRegistration } from './app/session/pushRegistration'
import { useTokenRefresh } from './app/session/useTokenRefresh'
import { system } from './theme'
import { AlertProvider } from './ui/AlertProvider'
import { BrowserGuard } from './ui/BrowserGuard'
import { ErrorBoundary } from './ui/ErrorBoundary'
import { GlobalLoader } from './ui/GlobalLoader'

function SessionKeeper() {
  useTokenRefresh()
  usePushRegistration()
  return null
}

export function App() {
  const router = useMemo(() => createBrowserRouter(routes(currentMode())), [])
  return (
    <QueryClientProvider client={queryClient}>
    <ChakraProvider value={system}>
      <ErrorBoundary>
        <BrowserGuard>
          <AlertProvider>
            <UserProvider>
              <SessionKeeper />
              <GlobalLoader />
              <RouterProvider router={router} />
            </UserProvider>
          </AlertProvider>
        </BrowserGuard>
      </ErrorBoundary>
    </ChakraProvider>
    </QueryClientProvider>
  )
}
