import { Box, VisuallyHidden } from '@chakra-ui/react'
import { useLoaderCount } from './loaderStore'

/** A thin bar at the top of the page while any job is outstanding. */
export function GlobalLoader() {
  const count = useLoaderCount()
  return (
    <Box position="fixed" top="0" left="0" right="0" height="3px" zIndex="toast" overflow="hidden" pointerEvents="none">
      <div role="status" aria-live="polite">
        {count > 0 ? <VisuallyHidden>Loading</VisuallyHidden> : null}
      </div>
      {count > 0 ? (
        <Box
          data-testid="global-loader"
          height="100%"
          width="40%"
          bg="brand.500"
          animation="loaderSlide 1.1s ease-in-out infinite"
        />
      ) : null}
    </Box>
  )
}
