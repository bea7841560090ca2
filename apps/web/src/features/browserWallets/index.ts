export { WalletPicker } from './WalletPicker.tsx'
export type { WalletProof } from './WalletProof.ts'
