/**
 * Drop one file here or pick it: a dashed area that takes a dragged file, and a button opening the file picker
 * (the input itself is visually hidden but labelled, so keyboards and screen readers use the button).
 */
import { Box, Button, Stack, Text, VisuallyHidden } from '@chakra-ui/react'
import { useId, useRef, useState, type ReactNode } from 'react'
import { ACCEPT } from './documents'

interface Props {
  onFiles: (files: File[]) => void
  disabled?: boolean
  children?: ReactNode
}

export function FileDrop({ onFiles, disabled, children }: Props) {
  const input = useRef<HTMLInputElement>(null)
  const [over, setOver] = useState(false)
  const hintId = useId()
  const take = (list: FileList | null) => {
    if (list && list.length > 0) onFiles(Array.from(list))
  }
  return (
    <Box
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={over ? 'gold.solid' : 'border.emphasized'}
      bg={over ? 'gold.subtle' : 'bg.canvas'}
      borderRadius="xl"
      px={{ base: '4', md: '8' }}
      py={{ base: '6', md: '10' }}
      textAlign="center"
      transition="background 0.15s, border-color 0.15s"
      onDragOver={(e) => {
        if (disabled) return
        e.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault()
        setOver(false)
        if (!disabled) take(e.dataTransfer.files)
      }}
      data-testid="file-drop"
    >
      <Stack gap="3" align="center">
        {children}
        <Text color="fg.muted" id={hintId}>
          Drag and drop a photo here, or choose one. JPG or PNG, 5MB max.
        </Text>
        <Button variant="outline" size="lg" bg="white" onClick={() => input.current?.click()} disabled={disabled} aria-describedby={hintId}>
          Choose a file
        </Button>
        <VisuallyHidden asChild>
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            tabIndex={-1}
            aria-label="Photo of your ID"
            disabled={disabled}
            onChange={(e) => {
              take(e.target.files)
              e.target.value = ''
            }}
            data-testid="file-input"
          />
        </VisuallyHidden>
      </Stack>
    </Box>
  )
}
