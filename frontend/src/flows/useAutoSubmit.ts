/** A step that submits itself ({}) once the move that brought the flow there has finished; `retry` after a failure. */
import { useEffect, useEffectEvent, useRef, useState } from 'react'
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
  // once, the first time the flow is idle: with the step's latest `submit`, yet not re-run when it changes
  const submitOnce = useEffectEvent(() => {
    if (sent.current) return
    sent.current = true
    void go()
  })
  useEffect(() => {
    if (busy === null) submitOnce()
  }, [busy])
  return { failed, retry: () => void go(), busy: busy === 'submit' }
}
