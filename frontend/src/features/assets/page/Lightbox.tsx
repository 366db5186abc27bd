/** A lightbox over images and videos (spec doc 3 §2.1 /app/details, /app/gallery): one item at a time, previous /
 * next (buttons and the arrow keys), Esc or the close button closes it. The app's one popup (ui/AlertDialog). */
import { Box, Button, HStack, Image } from '@chakra-ui/react'
import { useEffect } from 'react'
import type { AssetMedia } from '../../../api/types'
import { AlertDialog } from '../../../ui/AlertDialog'
import { ChevronLeftIcon, ChevronRightIcon } from '../../../ui/icons'

export function MediaView({ item, alt }: { item: AssetMedia; alt: string }) {
  if (item.type === 'video') {
    return <Box as="iframe" w="full" aspectRatio={16 / 9} border="0" borderRadius="md" {...{ src: item.file, title: alt, allow: 'fullscreen; picture-in-picture' }} />
  }
  return <Image src={item.file} alt={alt} w="full" borderRadius="md" objectFit="contain" maxH="70vh" />
}

export function Lightbox({ items, index, title, onIndex, onClose }: {
  items: readonly AssetMedia[]
  index: number | null
  title: string
  onIndex: (index: number) => void
  onClose: () => void
}) {
  const item = index === null ? undefined : items[index]
  const at = index ?? 0
  const prev = () => onIndex((at - 1 + items.length) % items.length)
  const next = () => onIndex((at + 1) % items.length)
  const open = item !== undefined
  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft') onIndex((at - 1 + items.length) % items.length)
      else if (e.key === 'ArrowRight') onIndex((at + 1) % items.length)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open, at, items.length, onIndex])
  return (
    <AlertDialog
      open={item !== undefined}
      role="dialog"
      width="md"
      closeButton
      testId="lightbox"
      title={`${title} · ${at + 1} of ${items.length}`}
      onClose={onClose}
      footer={
        items.length > 1 ? (
          <HStack w="full" justify="space-between">
            <Button variant="outline" size="sm" onClick={prev}>
              <ChevronLeftIcon /> Previous
            </Button>
            <Button variant="outline" size="sm" onClick={next}>
              Next <ChevronRightIcon />
            </Button>
          </HStack>
        ) : undefined
      }
    >
      {item ? <MediaView item={item} alt={`${title} ${at + 1}`} /> : null}
    </AlertDialog>
  )
}
