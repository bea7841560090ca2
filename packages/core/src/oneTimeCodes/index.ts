export { oneTimeCodePattern } from './oneTimeCodePattern.ts'
export { oneTimeCodeRules } from './oneTimeCodeRules.ts'
