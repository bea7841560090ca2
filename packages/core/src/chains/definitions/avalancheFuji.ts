import { avalancheFuji as viemAvalancheFuji } from 'viem/chains'
import { defineCharterChain } from '../defineCharterChain.ts'

export const avalancheFuji = /*#__PURE__*/ defineCharterChain(viemAvalancheFuji, 'avalanche-fuji')
