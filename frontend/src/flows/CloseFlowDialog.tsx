/** Closing a flow early (spec doc 2 §2.2): the profile is needed before investing but can be finished later. */
import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react'
import { useRef } from 'react'

interface Props {
  open: boolean
  leaving: boolean
  onStay: () => void
  onLeave: () => void
}

export function CloseFlowDialog({ open, leaving, onStay, onLeave }: Props) {
  const stayRef = useRef<HTMLButtonElement>(null)
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(e) => (e.open ? undefined : onStay())} placement="center" initialFocusEl={() => stayRef.current}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content data-testid="close-flow-modal" borderRadius="xl" maxW="sm">
            <Dialog.Header>
              <Dialog.Title fontFamily="heading" fontSize="xl">
                Finish your profile later?
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description asChild>
                <Text color="fg.muted">
                  This information must be filled in before you can invest. What you entered is saved, and you can complete it later from your profile.
                </Text>
              </Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Stack w="full" gap="2">
                <Button ref={stayRef} colorPalette="brand" size="lg" onClick={onStay} disabled={leaving}>
                  FINISH IT NOW
                </Button>
                <Button variant="ghost" size="lg" onClick={onLeave} loading={leaving}>
                  No Thanks, I'll do it later
                </Button>
              </Stack>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
