import { Box, VisuallyHidden } from '@chakra-ui/react'

/** The small red dot that marks a category with a new open offering. */
export function NotificationDot({ label = 'new offering', ...position }: { label?: string; top?: string; right?: string }) {
  return (
    <Box as="span" position="absolute" top={position.top ?? '0'} right={position.right ?? '0'} data-testid="notification-dot">
      <Box as="span" display="block" boxSize="2" borderRadius="full" bg="red.500" boxShadow="0 0 0 2px white" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Box>
  )
}
