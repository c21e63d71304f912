/** What went wrong, independent of a transport: the admin router maps each kind to a status. */
export type DomainErrorKind = 'invalid' | 'not_found' | 'conflict'

/**
 * A refusal of an admin call (or of a domain's admin function): bad input, a missing thing,
 * or a state that does not allow it. `slug` names it more precisely than the kind
 * (`invalid_scenario`, `token_taken`, ...); the default is the kind's own slug.
 */
export class DomainError extends Error {
  override readonly name: string = 'DomainError'
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly slug?: string,
  ) {
    super(message)
  }
}

/** Bad input: shorthand for `new DomainError('invalid', message, slug)`. */
export const invalid = (message: string, slug?: string): DomainError => new DomainError('invalid', message, slug)
