/**
 * The member store and its rules, reused by parts 2 and 3 (deliveries, forms, batch).
 */
export { addMember, updateMember, deleteMember, memberRow, assertMayWriteEncrypted, hasEncryptedElements, type WriteEnv } from './member-store.js'
export { memberInfoOf, apiValue, visibleValue, ENCRYPTED_PLACEHOLDER, type MemberInfo, type MemberValue, type ViewOptions } from './member-view.js'
export { checkMemberInput, formatElementErrors, type ElementErrors, type CheckedInput, type InputMode } from './validate-member-input.js'
export { checkElementValue, type ValueCheck } from './validate-value.js'
export { lookupMemberId } from './lookup.js'
export { PAGE_SIZE, assertOffset, assertSortKey, countRows, pageRows, type PageRequest } from './query.js'
export { SORTABLE_TYPES } from './sort-keys.js'
export { PASSWORD_MASK, generatePassword, hashPassword, verifyHashedPassword, passwordProblems } from './password.js'
export { formatAutogen, nextAutogen } from './autogen.js'
export { matchesCharClass, hasVendorChars, charClassLabel } from './char-class.js'
export { isEmail, isUrl, isZip, isTelephone } from './syntax.js'
export { PREFECTURES, optionsOf } from './fixed-options.js'
export { uniqueElements, uniqueIndex } from './unique-index.js'
export { compileCondition, type RowPredicate } from '../conditions/compile-condition.js'
