/**
 * The docusign step's window 'message' handler: a signing event from this origin and the signing frame is sent once;
 * when sending it recorded nothing (`send` resolves false) the next message may be sent again.
 */
import { signingEvent, type SigningEvent } from './purchase'

export interface SigningListenerOptions {
  origin: string
  /** the signing frame's window (null before it exists: then only the origin is checked) */
  frame: () => unknown
  /** resolves true when the flow took the event */
  send: (event: SigningEvent) => Promise<boolean>
  onSending?: (event: SigningEvent | null) => void
}

export function createSigningListener({ origin, frame, send, onSending }: SigningListenerOptions): (message: { data: unknown; origin: string; source?: unknown }) => void {
  let sending = false
  return (message) => {
    const event = signingEvent(message, origin, frame() ?? null)
    if (!event || sending) return
    sending = true
    onSending?.(event)
    void send(event).then(
      (taken) => {
        if (taken) return
        sending = false
        onSending?.(null)
      },
      () => {
        sending = false
        onSending?.(null)
      },
    )
  }
}
