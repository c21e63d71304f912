import type { AdminOperationName } from './generated/admin-client.js'

/** Why a surface has no command or tool for an admin operation. */
export interface Exemption {
  exempt: string
}

/** Where one admin operation is offered besides the client. */
export interface AdminSurface {
  /** The words after `krs mock` (`['clock', 'advance']`), or why there is no command. */
  cli: readonly string[] | Exemption
  /** The MCP server's emulator tool, or why there is none. */
  mcp: string | Exemption
}

const linkFollowed: Exemption = {
  exempt:
    'a link in a delivered mail, followed by a mail client or a browser; `krs mock events` and emulator tests record the same event through mock_add_event',
}
const testSuitesOnly: Exemption = {
  exempt: 'templates serve test suites that fork a tenant per test (the testing entry); an assistant makes tenants',
}

/**
 * Every admin operation of spec/admin.openapi.yaml and the `krs mock` command and MCP tool
 * that offer it, the way `program/options.ts` lists krs-mock's flags for both programs. The
 * type names every operation, so a new one does not compile without its row, and the admin
 * parity test fails when a row's command or tool does not exist.
 */
export const adminSurfaces = {
  mock_health: {
    cli: ['health'],
    mcp: { exempt: 'krs-mcp reads the emulator marker of its target itself, before it offers the emulator tools' },
  },
  mock_shutdown: {
    cli: ['shutdown'],
    mcp: { exempt: 'an assistant does not stop the server that the person started' },
  },
  mock_reset: { cli: ['reset'], mcp: 'emulator_reset' },
  mock_create_tenant: { cli: ['tenants', 'create'], mcp: 'emulator_create_tenant' },
  mock_list_tenants: {
    cli: ['tenants', 'list'],
    mcp: { exempt: 'krs-mcp works in one tenant at a time; the others are no business of its assistant' },
  },
  mock_delete_tenant: {
    cli: ['tenants', 'delete'],
    mcp: { exempt: 'it would delete the tenant the server is bound to, leaving every later call refused' },
  },
  mock_create_template: { cli: ['templates', 'create'], mcp: testSuitesOnly },
  mock_list_templates: { cli: ['templates', 'list'], mcp: testSuitesOnly },
  mock_get_clock: {
    cli: ['clock'],
    mcp: { exempt: 'emulator_advance_clock without seconds answers the clock' },
  },
  mock_set_clock: { cli: ['clock', 'advance'], mcp: 'emulator_advance_clock' },
  mock_get_journal: { cli: ['journal'], mcp: 'emulator_journal' },
  mock_clear_journal: {
    cli: ['journal', 'clear'],
    mcp: { exempt: "the journal is the assistant's record of what it did; emulator_reset clears it with the data" },
  },
  mock_get_faults: {
    cli: ['faults'],
    mcp: { exempt: 'emulator_inject_fault answers the active faults' },
  },
  mock_add_fault: { cli: ['faults', 'add'], mcp: 'emulator_inject_fault' },
  mock_export_snapshot: {
    cli: ['snapshot', 'save'],
    mcp: {
      exempt: "the whole tenant's state, far over an answer's size; `krs mock snapshot save` writes it to a file",
    },
  },
  mock_import_snapshot: {
    cli: ['snapshot', 'load'],
    mcp: { exempt: 'it replaces the whole state from a file; `krs mock snapshot load`' },
  },
  mock_get_scenario: {
    cli: ['scenario', 'dump'],
    mcp: { exempt: 'the scenario file of the tenant, for a person editing it; `krs mock scenario dump`' },
  },
  mock_get_outbox: { cli: ['outbox'], mcp: 'emulator_outbox' },
  mock_add_event: {
    cli: ['events'],
    mcp: { exempt: 'recipient events are what a test suite plays; the tools answer what happened (outbox, journal)' },
  },
  mock_follow_click: { cli: linkFollowed, mcp: linkFollowed },
  mock_follow_open: { cli: linkFollowed, mcp: linkFollowed },
  mock_follow_unsubscribe: { cli: linkFollowed, mcp: linkFollowed },
  mock_post_unsubscribe: { cli: linkFollowed, mcp: linkFollowed },
  mock_check_oneclick: {
    cli: { exempt: 'the page a one-click login link opens in a browser' },
    mcp: { exempt: 'the page a one-click login link opens in a browser' },
  },
  mock_get_form_outbox: {
    cli: ['forms', 'outbox'],
    mcp: { exempt: "a member form's mails are what a test of the form reads; the CLI shows them" },
  },
  mock_clear_form_outbox: {
    cli: ['forms', 'outbox', 'clear'],
    mcp: { exempt: "a member form's mails are what a test of the form reads; the CLI clears them" },
  },
} as const satisfies { readonly [K in AdminOperationName]: AdminSurface }

/** The `krs mock` words of an operation, or undefined when it is exempt. */
export function cliWordsOf(name: AdminOperationName): readonly string[] | undefined {
  const cli: AdminSurface['cli'] = adminSurfaces[name].cli
  return 'exempt' in cli ? undefined : cli
}

/** The MCP tool of an operation, or undefined when it is exempt. */
export function mcpToolOf(name: AdminOperationName): string | undefined {
  const mcp: AdminSurface['mcp'] = adminSurfaces[name].mcp
  return typeof mcp === 'string' ? mcp : undefined
}
