import { baseSepolia as viemBaseSepolia } from 'viem/chains'
import { defineCharterChain } from '../defineCharterChain.ts'

export const baseSepolia = /*#__PURE__*/ defineCharterChain(viemBaseSepolia, 'base-sepolia')
