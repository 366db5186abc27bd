/** Turning an openapi-fetch answer into data or an ApiError: the one place every call module uses. */
import { errorFromResponse, errorFromThrown } from './errors'

/** A 2xx answer: its data typed from the schema's success responses (undefined for a 204). */
export interface Answered<D> {
  data: D
  error?: never
  response: Response
}

/** What an openapi-fetch call resolves to: a 2xx answer, or any other with its error body (undefined when empty). */
export type Result<D = unknown, E = unknown> = Answered<D> | { data?: never; error: E; response: Response }

/** The 2xx side of a call's result (openapi-fetch's own union, so the data type is the schema's). */
export type Success<R> = Extract<R, Answered<unknown>>

/** Awaits the request; a network failure becomes an ApiError (the answer may still be an error status). */
export async function send<R extends Result>(request: Promise<R>): Promise<R> {
  try {
    return await request
  } catch (error) {
    throw errorFromThrown(error)
  }
}

/**
 * openapi-fetch's contract: it answers `{ data }` exactly when the response is 2xx and `{ error }` otherwise. The
 * status is a boolean TypeScript cannot discriminate on, so this guard says it once for every call.
 */
export function answered<R extends Result>(result: R): result is Success<R> {
  return result.response.ok
}

/** The answer's data, typed by the schema's success responses, or an ApiError for any non-2xx status. */
export async function call<R extends Result>(request: Promise<R>): Promise<Success<R>['data']> {
  const result = await send(request)
  if (!answered(result)) throw errorFromResponse(result.response.status, result.error)
  return result.data
}
