import type { Command } from 'commander'
import type { CliIo } from '../io.js'
import { addCompletionCommand } from '../completion/completion-command.js'
import { addConfigCommand } from '../config/config-command.js'
import { addMcpCommand } from '../mcp/mcp-command.js'
import { addMockCommand } from '../mock/mock-command.js'
import { addWorkflowCommands } from '../workflows/workflow-commands.js'
import { addMirrorCommands } from '../mirror/mirror-commands.js'

/** The hand-written commands (their actions load their code when they run). */
export function addBuiltinCommands(program: Command, io: CliIo): void {
  addWorkflowCommands(program, io)
  addMirrorCommands(program, io)
  addMockCommand(program, io)
  addMcpCommand(program, io)
  addConfigCommand(program, io)
  addCompletionCommand(program, io)
}
