/** Turning an openapi-fetch answer into data or an ApiError: the one place every call module uses. */
import { errorFromResponse, errorFromThrown } from './errors'

export interface Result {
  data?: unknown
  error?: unknown
  response: Response
}

/** Awaits the request; a network failure becomes an ApiError (the answer may still be an error status). */
export async function send(request: Promise<Result>): Promise<Result> {
  try {
    return await request
  } catch (error) {
    throw errorFromThrown(error)
  }
}

/** The answer's data, or an ApiError for any non-2xx status. */
export async function call<T>(request: Promise<Result>): Promise<T> {
  const result = await send(request)
  if (!result.response.ok) throw errorFromResponse(result.response.status, result.error)
  return result.data as T
}
