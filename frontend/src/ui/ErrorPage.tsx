/** The default error page (spec doc 1 §2): 'Sorry, something went wrong'. */
import { Button } from '@chakra-ui/react'
import { CenteredMessage } from './CenteredMessage'

export const DEFAULT_ERROR_TITLE = 'Sorry, something went wrong'

export function ErrorPage() {
  return (
    <CenteredMessage
      title={DEFAULT_ERROR_TITLE}
      action={
        <Button colorPalette="brand" onClick={() => window.location.assign('/')}>
          Back to Vitrine
        </Button>
      }
    >
      An unexpected error stopped this page. Reloading usually helps; if it keeps happening, please contact support.
    </CenteredMessage>
  )
}
