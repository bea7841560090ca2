import { optimismSepolia as viemOptimismSepolia } from 'viem/chains'
import { defineCharterChain } from '../defineCharterChain.ts'

export const optimismSepolia = /*#__PURE__*/ defineCharterChain(viemOptimismSepolia, 'optimism-sepolia')
