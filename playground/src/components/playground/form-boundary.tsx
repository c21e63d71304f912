import React from 'react'

/** Keeps the page usable when the generated form cannot render a schema. */
export default class FormBoundary extends React.Component<
  { children: React.ReactNode; resetKey: string },
  { error: string | null; key: string }
> {
  override state = { error: null as string | null, key: this.props.resetKey }

  static getDerivedStateFromError(e: Error): { error: string } {
    return { error: e.message }
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: string | null; key: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null
  }

  override render(): React.ReactNode {
    if (this.state.error)
      return (
        <p className="krs-pg-muted">
          この API のフォームは表示できません（{this.state.error}）。JSON エディタをお使いください。
        </p>
      )
    return this.props.children
  }
}
