import { celo as viemCelo } from 'viem/chains'
import { defineCharterChain } from '../defineCharterChain.ts'

export const celo = /*#__PURE__*/ defineCharterChain(viemCelo, 'celo')
