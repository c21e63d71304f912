/**
 * The member store and its rules, reused by the other domains (deliveries, forms, batch).
 */
export { deleteMember } from './member-store.js'
export { apiValue, ENCRYPTED_PLACEHOLDER } from './member-view.js'
export { checkMemberInput } from './validate-member-input.js'
export { checkElementValue } from './validate-value.js'
export { pageRows } from './query.js'
export { PASSWORD_MASK, generatePassword, hashPassword, verifyHashedPassword, passwordProblems } from './password.js'
