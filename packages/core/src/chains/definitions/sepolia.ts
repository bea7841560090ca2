import { sepolia as viemSepolia } from 'viem/chains'
import { defineCharterChain } from '../defineCharterChain.ts'

export const sepolia = /*#__PURE__*/ defineCharterChain(viemSepolia, 'sepolia')
