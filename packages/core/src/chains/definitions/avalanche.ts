import { avalanche as viemAvalanche } from 'viem/chains'
import { defineCharterChain } from '../defineCharterChain.ts'

export const avalanche = /*#__PURE__*/ defineCharterChain(viemAvalanche, 'avalanche')
