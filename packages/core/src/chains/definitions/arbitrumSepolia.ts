import { arbitrumSepolia as viemArbitrumSepolia } from 'viem/chains'
import { defineCharterChain } from '../defineCharterChain.ts'

export const arbitrumSepolia = /*#__PURE__*/ defineCharterChain(viemArbitrumSepolia, 'arbitrum-sepolia')
