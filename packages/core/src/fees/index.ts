export { evmFeeCap, gasLimitWithMargin } from './evmFee.ts'
export type { FeeHistory } from './FeeHistory.ts'
export { feeHistoryParams } from './feeHistoryParams.ts'
export { suggestedTip } from './suggestedTip.ts'
