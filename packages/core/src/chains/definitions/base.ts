import { base as viemBase } from 'viem/chains'
import { defineCharterChain } from '../defineCharterChain.ts'

export const base = /*#__PURE__*/ defineCharterChain(viemBase, 'base')
