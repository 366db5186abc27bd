import { createContext, useContext } from 'react'

export interface AlertOptions {
  title: string
  message: string
  /** default 'OK' */
  buttonText?: string
}

export const FAILURE_ALERT: AlertOptions = { title: 'Oops!', message: 'Something went wrong. Please try again.' }

export interface AlertApi {
  /** Opens the alert modal; resolves when it is closed. */
  showAlert(options: AlertOptions): Promise<void>
  /** The standard failure alert: 'Oops!' / 'Something went wrong. Please try again.' */
  showFailure(): Promise<void>
}

export const AlertContext = createContext<AlertApi | null>(null)

export function useAlert(): AlertApi {
  const api = useContext(AlertContext)
  if (!api) throw new Error('useAlert outside AlertProvider')
  return api
}
