/** The blocking page shown when cookies or local storage are disabled or over quota (spec doc 1 §2). */
import { Link } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { CenteredMessage } from './CenteredMessage'
import { browserProblem, type BrowserProblem } from './browserCheck'

const MESSAGES: Record<BrowserProblem, { title: string; message: string }> = {
  cookies: {
    title: 'Cookies are disabled',
    message: 'Vitrine needs cookies to keep you signed in. Please enable cookies for this site in your browser settings, then reload the page.',
  },
  storage: {
    title: 'Browser storage is disabled',
    message: 'Vitrine needs your browser’s local storage. Please allow site data for this site (or leave private browsing), then reload the page.',
  },
  quota: {
    title: 'Browser storage is full',
    message: 'Your browser’s storage for this site is full. Please clear this site’s data in your browser settings, then reload the page.',
  },
}

export function BrowserGuard({ children, problem = browserProblem() }: { children: ReactNode; problem?: BrowserProblem | null }) {
  if (problem === null) return <>{children}</>
  const { title, message } = MESSAGES[problem]
  return (
    <CenteredMessage
      title={title}
      action={
        <Link href={window.location.href} fontWeight="semibold" color="gold.fg">
          Reload the page
        </Link>
      }
    >
      {message}
    </CenteredMessage>
  )
}
