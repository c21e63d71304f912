import { useEffect, useState } from 'react'
import { DeliveryReport } from './screens/DeliveryReport'
import { MemberList } from './screens/MemberList'

type Screen = 'members' | 'report'
const screenOf = (hash: string): Screen => (hash === '#/report' ? 'report' : 'members')

export function App() {
  const [screen, setScreen] = useState<Screen>(() => screenOf(location.hash))
  useEffect(() => {
    const onHash = () => setScreen(screenOf(location.hash))
    window.addEventListener('hashchange', onHash)
    return () => window.removeEventListener('hashchange', onHash)
  }, [])
  return (
    <main>
      <h1>会員と配信</h1>
      <nav>
        <a href="#/members" aria-current={screen === 'members' ? 'page' : undefined}>
          会員一覧
        </a>{' '}
        <a href="#/report" aria-current={screen === 'report' ? 'page' : undefined}>
          配信レポート
        </a>
      </nav>
      {screen === 'members' ? <MemberList /> : <DeliveryReport />}
    </main>
  )
}
