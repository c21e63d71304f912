import type { Session } from '../session.js'

export interface ToolContext {
  session: Session
  maxAnswerBytes: number
  /** Aborts when the client cancels the call (notifications/cancelled) or the connection closes. */
  signal?: AbortSignal | undefined
}

/** A tool's answer: text for the assistant, `isError` for a refusal or a failed call. */
export interface ToolAnswer {
  text: string
  isError?: boolean
}

export interface ToolAnnotations {
  readOnlyHint: boolean
  destructiveHint: boolean
  idempotentHint: boolean
  openWorldHint: boolean
}

/** One MCP tool: its listing (name, description, input JSON Schema, annotations) and what it does. */
export interface ToolDef {
  name: string
  title: string
  description: string
  inputSchema: { type: 'object'; properties: Record<string, unknown>; required?: string[]; additionalProperties: false }
  annotations: ToolAnnotations
  run(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolAnswer>
}

export const refusal = (text: string): ToolAnswer => ({ text, isError: true })

export const readOnly: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: true,
}
