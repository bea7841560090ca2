import { useQueryClient } from '@tanstack/react-query'
import { type WalletRuntime, walletRuntimeFor } from './walletRuntime.ts'

export const useWalletRuntime = (): WalletRuntime => walletRuntimeFor(useQueryClient())
