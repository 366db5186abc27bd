/** The 'Risk Profile Alert' modal for the errors that say "Trading involves risk..." (server or Yup). */
import { RISK_ALERT_TITLE } from '../../../domain/profile'
import type { AlertOptions } from '../../../ui/alertContext'

export function riskAlertFor(errors: Record<string, string>): AlertOptions | null {
  const message = Object.values(errors).find((m) => m.startsWith('Trading involves'))
  return message ? { title: RISK_ALERT_TITLE, message, buttonText: 'OKAY' } : null
}
