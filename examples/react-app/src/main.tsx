import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'

declare const __KRS_IN_BROWSER__: boolean

// `npm run dev` without a KREISEL environment: the emulator and the app's API handler run in
// the page's MSW worker (no server). Production builds never contain this branch.
if (import.meta.env.DEV && __KRS_IN_BROWSER__) {
  const { startBrowserEmulator } = await import('./mocks/browser')
  await startBrowserEmulator()
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
