/** Closing a flow early (spec doc 2 §2.2): the profile is needed before investing but can be finished later. */
import { Button, Stack } from '@chakra-ui/react'
import { useRef } from 'react'
import { AlertDialog } from '../ui/AlertDialog'

/** What the close warning says; the default is the profile wizards'. */
export interface CloseText {
  title: string
  message: string
  stay: string
  leave: string
}

export const PROFILE_CLOSE_TEXT: CloseText = {
  title: 'Finish your profile later?',
  message: 'This information must be filled in before you can invest. What you entered is saved, and you can complete it later from your profile.',
  stay: 'FINISH IT NOW',
  leave: "No Thanks, I'll do it later",
}

interface Props {
  open: boolean
  leaving: boolean
  onStay: () => void
  onLeave: () => void
  text?: CloseText
}

export function CloseFlowDialog({ open, leaving, onStay, onLeave, text = PROFILE_CLOSE_TEXT }: Props) {
  const stayRef = useRef<HTMLButtonElement>(null)
  return (
    <AlertDialog
      open={open}
      title={text.title}
      message={text.message}
      onClose={onStay}
      testId="close-flow-modal"
      initialFocusEl={() => stayRef.current}
      footer={
        <Stack w="full" gap="2">
          <Button ref={stayRef} colorPalette="brand" size="lg" onClick={onStay} disabled={leaving}>
            {text.stay}
          </Button>
          <Button variant="ghost" size="lg" onClick={onLeave} loading={leaving}>
            {text.leave}
          </Button>
        </Stack>
      }
    />
  )
}
