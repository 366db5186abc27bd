/** /app/disclaimer: the communication disclaimer — risk factors, forward-looking statements, your own advice (spec doc 3 §2.8). */
import { LegalText } from './LegalText'
import { DISCLAIMER } from './texts'
import { Page, Panel } from '../../ui/Page'

export function DisclaimerPage() {
  return (
    <Page title="Disclaimer" maxW="3xl">
      <Panel>
        <LegalText sections={DISCLAIMER} />
      </Panel>
    </Page>
  )
}
