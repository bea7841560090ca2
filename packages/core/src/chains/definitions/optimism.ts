import { optimism as viemOptimism } from 'viem/chains'
import { defineCharterChain } from '../defineCharterChain.ts'

export const optimism = /*#__PURE__*/ defineCharterChain(viemOptimism, 'optimism')
