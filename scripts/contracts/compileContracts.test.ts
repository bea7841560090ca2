import { readFileSync } from 'node:fs'
import { type Abi, erc20Abi, toFunctionSelector } from 'viem'
import { describe, expect, it } from 'vitest'
import { artifactPath, type ContractArtifact, compileContracts, contractNames } from './compileContracts.ts'

// One compile for the whole file: solc-js takes a few seconds to load.
const compiled = compileContracts()
const committed = (name: (typeof contractNames)[number]): ContractArtifact =>
  JSON.parse(readFileSync(artifactPath(name), 'utf8')) as ContractArtifact

const selectorsOf = (abi: unknown[]) =>
  (abi as Abi).filter((item) => item.type === 'function').map((item) => toFunctionSelector(item))

describe('the devnet contracts', () => {
  it.each(contractNames)(
    '%s: the committed artifact is what the source compiles to, byte for byte',
    (name) => {
      expect(readFileSync(artifactPath(name), 'utf8')).toBe(compiled[name])
    },
  )

  it('Multicall3 has the selectors of the deployed Multicall3 that Charter calls', () => {
    const selectors = selectorsOf(committed('Multicall3').abi)
    expect(selectors).toContain('0x82ad56cb') // aggregate3((address,bool,bytes)[])
    expect(selectors).toContain('0x4d2301cc') // getEthBalance(address)
  })

  it('TestUSDC has every ERC-20 function and EIP-2612 permit, nonces and DOMAIN_SEPARATOR', () => {
    const selectors = selectorsOf(committed('TestUSDC').abi)
    for (const item of erc20Abi) {
      if (item.type === 'function') expect(selectors).toContain(toFunctionSelector(item))
    }
    for (const signature of [
      'permit(address,address,uint256,uint256,uint8,bytes32,bytes32)',
      'nonces(address)',
      'DOMAIN_SEPARATOR()',
      'mint(address,uint256)',
    ]) {
      expect(selectors).toContain(toFunctionSelector(signature))
    }
  })

  it("TestUSDC has the EIP-3009 functions of Circle's FiatTokenV2_2, each with v, r, s and with bytes", () => {
    const selectors = selectorsOf(committed('TestUSDC').abi)
    const authorization = 'address,address,uint256,uint256,uint256,bytes32'
    for (const signature of [
      `transferWithAuthorization(${authorization},uint8,bytes32,bytes32)`,
      `transferWithAuthorization(${authorization},bytes)`,
      `receiveWithAuthorization(${authorization},uint8,bytes32,bytes32)`,
      `receiveWithAuthorization(${authorization},bytes)`,
      'cancelAuthorization(address,bytes32,uint8,bytes32,bytes32)',
      'cancelAuthorization(address,bytes32,bytes)',
      'authorizationState(address,bytes32)',
      'permit(address,address,uint256,uint256,bytes)',
      'TRANSFER_WITH_AUTHORIZATION_TYPEHASH()',
      'RECEIVE_WITH_AUTHORIZATION_TYPEHASH()',
      'CANCEL_AUTHORIZATION_TYPEHASH()',
    ]) {
      expect(selectors).toContain(toFunctionSelector(signature))
    }
  })

  it('TestUSDC keeps its minter in slot 0, where the devnet writes it (no constructor runs)', () => {
    expect(committed('TestUSDC').storage.minter).toBe('0')
  })

  it('TestUSDC adds state after what a running devnet holds, so a replaced code keeps the balances', () => {
    expect(committed('TestUSDC').storage).toEqual({
      minter: '0',
      balanceOf: '1',
      allowance: '2',
      nonces: '3',
      totalSupply: '4',
      name: '5',
      authorizationStates: '6',
    })
  })
})
