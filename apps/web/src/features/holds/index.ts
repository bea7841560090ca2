export {
  cancelHeldAction,
  type HeldAction,
  type HeldActions,
  heldActionsQueryKey,
  heldActionsQueryOptions,
  requestHeldExport,
} from './heldActions.ts'
export { useNewDeviceHold } from './useNewDeviceHold.ts'
