import { describe, expect, it } from 'vitest'
import { redactRpcUrl } from './redactRpcUrl.ts'

describe('redactRpcUrl', () => {
  it.each([
    [
      'https://eth-mainnet.g.alchemy.com/v2/AbCdEf0123456789xyzKEY',
      'https://eth-mainnet.g.alchemy.com/v2/***',
    ],
    ['https://mainnet.infura.io/v3/0123456789abcdef0123456789abcdef', 'https://mainnet.infura.io/v3/***'],
    [
      'https://falling-crimson.quiknode.pro/5f2c9a7b1d3e4f6a8b0c/',
      'https://falling-crimson.quiknode.pro/***/',
    ],
    ['https://rpc.example.org/?apikey=secret123', 'https://rpc.example.org'],
    ['https://user:password@rpc.example.org/rpc#frag', 'https://rpc.example.org/rpc'],
    ['https://api.mainnet-beta.solana.com', 'https://api.mainnet-beta.solana.com'],
    ['http://127.0.0.1:8545/', 'http://127.0.0.1:8545'],
    ['https://k3yAbCdEf0123456789.rpc.example/', 'https://***.rpc.example'],
    ['https://rpc.example/%6B3yAbCdEf0123456789', 'https://rpc.example/***'],
    ['not a url with a s3cr3tKeyValue123', '(not a URL)'],
  ])('%s → %s', (url, shown) => {
    expect(redactRpcUrl(url)).toBe(shown)
  })
})
