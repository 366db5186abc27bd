import { Button, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { Page, Panel } from '../ui/Page'

/** A route whose flow arrives in a later release. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Page title={title} maxW="3xl">
      <Panel>
        <Stack gap="4" align="flex-start" data-testid="placeholder">
          <Text>This part of Vitrine is coming in a later release.</Text>
          <Button asChild colorPalette="brand" size="sm">
            <RouterLink to="/app/home">Back to home</RouterLink>
          </Button>
        </Stack>
      </Panel>
    </Page>
  )
}
