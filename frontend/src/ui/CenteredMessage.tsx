/** A full-page message with a title, text and an action: used by the browser guard and the error pages. */
import { Box, Heading, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

export function CenteredMessage({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <Box minH="70vh" display="flex" alignItems="center" justifyContent="center" px="6" py="16">
      <Stack gap="4" maxW="md" textAlign="center" alignItems="center">
        <Heading as="h1" size="2xl" fontFamily="heading">
          {title}
        </Heading>
        {children ? <Text color="fg.muted">{children}</Text> : null}
        {action}
      </Stack>
    </Box>
  )
}
