/** A step that submits itself ({}) once the move that brought the flow there has finished; `retry` after a failure. */
import { useEffect, useRef, useState } from 'react'
import { useFlowStep } from './stepContext'

export function useAutoSubmit(): { failed: boolean; retry: () => void; busy: boolean } {
  const { submit, busy } = useFlowStep()
  const [failed, setFailed] = useState(false)
  const sent = useRef(false)
  const go = async () => {
    setFailed(false)
    const outcome = await submit({})
    if (outcome?.kind !== 'state') setFailed(true)
  }
  useEffect(() => {
    if (sent.current || busy !== null) return
    sent.current = true
    void go()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [busy])
  return { failed, retry: () => void go(), busy: busy === 'submit' }
}
