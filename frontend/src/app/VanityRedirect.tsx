import { Link, Stack, Text } from '@chakra-ui/react'
import { useEffect } from 'react'

/** A short vanity path that sends the browser to an external link (spec doc 1 §2). */
export function VanityRedirect({ to }: { to: string }) {
  useEffect(() => {
    window.location.replace(to)
  }, [to])
  return (
    <Stack p="10" align="center">
      <Text color="fg.muted">Redirecting…</Text>
      <Link href={to}>Continue</Link>
    </Stack>
  )
}
