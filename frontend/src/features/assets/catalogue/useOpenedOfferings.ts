import { useCallback, useState } from 'react'
import { OPENED_OFFERINGS_KEY, parseOpened } from '../../../domain/navDots'
import { readKey, writeKey } from '../../../app/session/storage'

/** The open offerings the user has already opened (local storage), which clears their category dot. */
export function useOpenedOfferings(): { opened: ReadonlySet<number>; markOpened(id: number): void } {
  const [opened, setOpened] = useState<ReadonlySet<number>>(() => parseOpened(readKey(OPENED_OFFERINGS_KEY)))
  const markOpened = useCallback((id: number) => {
    setOpened((prev) => {
      if (prev.has(id)) return prev
      const next = new Set(prev).add(id)
      writeKey(OPENED_OFFERINGS_KEY, JSON.stringify([...next]))
      return next
    })
  }, [])
  return { opened, markOpened }
}
