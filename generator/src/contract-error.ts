/**
 * The contract cannot be turned into code. `issues` lists every problem found, each
 * prefixed with where it is (an operation name or a JSON pointer), so one run shows them all.
 */
export class ContractError extends Error {
  readonly issues: readonly string[]

  constructor(issues: readonly string[]) {
    super(`the contract is invalid for generation:\n${issues.map((i) => `  - ${i}`).join('\n')}`)
    this.name = 'ContractError'
    this.issues = issues
  }
}

/** Collects issues and throws them together. */
export class IssueList {
  readonly issues: string[] = []

  add(issue: string): void {
    this.issues.push(issue)
  }

  throwIfAny(): void {
    if (this.issues.length > 0) throw new ContractError(this.issues)
  }
}
