export { compileCondition, assertNoEncryptedElement, conditionElements } from './compile-condition.js'
export type { ConditionExtras, CompileOptions, RowPredicate } from './compile-condition.js'
export { K as ComparisonKind } from './clause-context.js'
export type { ClauseInput } from './clause-context.js'
export { carrierOf, carriers, type Carrier } from './carrier.js'
export {
  ALL_CONDITION_ID, predefinedAllCondition, requireCondition, addCondition, deleteCondition, listConditions,
  markConditionUse, releaseConditionUse, isConditionInUse,
} from './condition-store.js'
