export { colleagueName } from './colleagueName.ts'
export { type Colleague, colleaguesQueryOptions } from './colleaguesApi.ts'
export { type ChainFamily, findColleague } from './findColleague.ts'
export { useColleague } from './useColleague.ts'
