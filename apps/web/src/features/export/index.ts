export { LocalTime } from '../../ui/LocalTime.tsx'
export { downloadJson } from './downloadJson.ts'
export type { ExportedKey, ExportFormat } from './ExportedKey.ts'
export { ExportPage } from './ExportPage.tsx'
export type { ExportChoice, ExportCode, ExportState } from './ExportState.ts'
export { exportWalletKey } from './exportWalletKey.ts'
export {
  cancelHeldAction,
  type HeldAction,
  type HeldActions,
  heldActionsQueryKey,
  heldActionsQueryOptions,
} from './heldActions.ts'
export { type ExportCodeSent, initExport } from './initExport.ts'
export { type ExportFlow, useExportFlow } from './useExportFlow.ts'
