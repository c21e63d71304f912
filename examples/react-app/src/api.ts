import { createContext, useCallback, useContext } from 'react'

/** How the screens reach the app's API (`/app-api/...`): `fetch` in the page; tests give their own. */
export type AppFetch = (path: string) => Promise<Response>

export const ApiContext = createContext<AppFetch>((path) => fetch(path))

/** GET a path of the app's API as JSON; a refusal becomes an Error with the API's message. */
export function useApi(): <T>(path: string) => Promise<T> {
  const appFetch = useContext(ApiContext)
  return useCallback(
    async <T>(path: string): Promise<T> => {
      const res = await appFetch(path)
      const body = (await res.json()) as T & { error?: string }
      if (!res.ok) throw new Error(body.error ?? `HTTP ${res.status}`)
      return body
    },
    [appFetch],
  )
}
