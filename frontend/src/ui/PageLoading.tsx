/** What a page shows while its code loads (a first visit straight to a lazily loaded route): an announced spinner. */
import { Center, Spinner } from '@chakra-ui/react'

export function PageLoading() {
  return (
    <Center minH="60vh" role="status" aria-live="polite" data-testid="page-loading">
      <Spinner size="lg" color="brand.500" aria-label="Loading" />
    </Center>
  )
}
