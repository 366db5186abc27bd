/**
 * /app/external-link (spec doc 3 §2.8): a page of another site in a frame, its URL passed in the navigation state
 * (`navigate('/app/external-link', { state: { url, title } })`). Only http(s) addresses are shown; anything else, or
 * no state (a reload, a typed address), goes home.
 */
import { Box, Link } from '@chakra-ui/react'
import { Navigate, useLocation } from 'react-router'
import { Page } from '../../ui/Page'

export interface ExternalLinkState {
  url: string
  title?: string
}

export function safeExternalUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null
  } catch {
    return null
  }
}

export function ExternalLinkPage() {
  const state = useLocation().state as Partial<ExternalLinkState> | null
  const url = safeExternalUrl(state?.url)
  if (!url) return <Navigate to="/app/home" replace />
  const title = state?.title || new URL(url).hostname
  return (
    <Page title={title} maxW="5xl" back={{ to: '/app/home', label: 'Home' }}>
      <Box borderWidth="1px" borderColor="border.muted" borderRadius="xl" overflow="hidden" h={{ base: '70vh', md: '75vh' }}>
        <iframe src={url} title={title} style={{ width: '100%', height: '100%', border: 0 }} sandbox="allow-scripts allow-same-origin allow-popups allow-forms" referrerPolicy="no-referrer" />
      </Box>
      <Link href={url} target="_blank" rel="noopener noreferrer" fontSize="sm" mt="2" display="inline-block">
        Open in a new tab
      </Link>
    </Page>
  )
}
