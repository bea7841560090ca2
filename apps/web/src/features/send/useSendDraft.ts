import { type CharterUser, formatTokenAmount } from '@charter/core'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import {
  chainsQueryOptions,
  type OfferedChain,
  useChainBalances,
  walletAddressFor,
} from '../balances/index.ts'
import { useNewDeviceHold } from '../holds/index.ts'
import { userWallets } from '../wallet/index.ts'
import { checkAmount } from './checkAmount.ts'
import { checkRecipientFormat } from './checkRecipientFormat.ts'
import { holdWarning } from './holdWarning.ts'
import { maxAmount } from './maxAmount.ts'
import { newDeviceSendLimit } from './newDeviceSendLimit.ts'
import type { SendAsset, SendOrder } from './SendOrder.ts'
import { useMaxFee } from './useMaxFee.ts'
import { useRecipientFacts } from './useRecipientFacts.ts'

/** The rent exemption of an account without data (890 880 lamports): the least SOL a new account can receive. */
const solanaNewAccountMinimum = 890_880n

/**
 * The Send screen's draft and everything it is checked against, as it is typed: the chains the member can send
 * on, the chosen chain's balances, the recipient's form and what its chain says of it, the amount against the
 * balance and the fee, the fee estimate, and whether the send would be held. `order` is the send, once all of
 * it is right.
 */
export function useSendDraft(user: CharterUser) {
  const chainsQuery = useQuery(chainsQueryOptions())
  const wallets = userWallets(user)
  const chains = (chainsQuery.data ?? []).filter((chain) => walletAddressFor(user, chain.type) !== undefined)
  const [chainId, setChainId] = useState<string | undefined>(undefined)
  const chain: OfferedChain | undefined = chains.find((one) => String(one.id) === chainId) ?? chains[0]
  const [assetChoice, setAsset] = useState<SendAsset>('usdc')
  const asset: SendAsset = chain && !chain.usdc ? 'native' : assetChoice
  const [recipient, setRecipient] = useState('')
  const [amountText, setAmountText] = useState('')

  const wallet = chain ? (chain.type === 'ethereum' ? wallets.ethereum : wallets.solana) : undefined
  const own = wallet?.address ?? ''
  const addressFor = useCallback((type: OfferedChain['type']) => walletAddressFor(user, type), [user])
  const [balanceState] = useChainBalances(chain ? [chain] : [], addressFor)
  const balances = balanceState?.balance

  const format = chain
    ? checkRecipientFormat(recipient, chain.type)
    : { ok: false as const, error: undefined }
  const to = format.ok ? format.address : undefined
  const facts = useRecipientFacts(chain, to, own)
  const createsTokenAccount =
    chain?.type === 'solana' && asset === 'usdc' && facts.data?.hasUsdcAccount === false
  const fee = useMaxFee({ chain, asset, from: own, to, createsTokenAccount })
  const maxFee = fee.data ? fee.data.maxFee + fee.data.rent : undefined

  const native = asset === 'native'
  const decimals = native ? (chain?.nativeCurrency.decimals ?? 18) : (chain?.usdc?.decimals ?? 6)
  const symbol = native ? (chain?.nativeCurrency.symbol ?? '') : 'USDC'
  const balance = native ? balances?.native : balances?.usdc?.amount
  const amount = checkAmount({
    text: amountText,
    decimals,
    symbol,
    balance,
    maxFee,
    native,
    minimum:
      chain?.type === 'solana' && native && facts.data?.accountExists === false
        ? {
            amount: solanaNewAccountMinimum,
            why: 'a new Solana account must hold enough SOL to be exempt from rent.',
          }
        : undefined,
    nativeBalance:
      balances && chain
        ? {
            amount: balances.native,
            symbol: chain.nativeCurrency.symbol,
            decimals: chain.nativeCurrency.decimals,
          }
        : undefined,
  })
  const most = maxAmount(balance, native, maxFee)
  const { holdEndsAt, budget } = useNewDeviceHold()
  const hold =
    chain && amount.ok
      ? holdWarning({
          limit: newDeviceSendLimit(chain),
          holdEndsAt,
          chain: String(chain.id),
          budget,
          asset,
          // The budget counts fees: a native send is weighed with the most its fee can be.
          amount: amount.amount + (native ? (maxFee ?? 0n) : 0n),
          decimals,
          symbol,
        })
      : undefined
  const recipientWarnings = facts.data?.warnings ?? []

  const order: SendOrder | undefined =
    chain && wallet?.id && to && amount.ok && facts.data
      ? {
          chain,
          asset,
          wallet: { id: wallet.id, address: wallet.address },
          to,
          amount: amount.amount,
          warnings: [
            ...recipientWarnings.map((text) => ({ kind: 'recipient' as const, text })),
            ...(hold ? [hold] : []),
          ],
          createsTokenAccount,
        }
      : undefined

  return {
    chainsQuery,
    chains,
    chain,
    selectChain: setChainId,
    asset,
    setAsset,
    balances,
    recipient,
    setRecipient,
    recipientError: format.ok ? undefined : format.error,
    recipientWarnings,
    checkingRecipient: facts.isFetching,
    recipientCheckFailed: facts.isError,
    amountText,
    setAmountText,
    amountError: amount.ok ? undefined : amount.error,
    symbol,
    fillMax: most === undefined ? undefined : () => setAmountText(formatTokenAmount(most, decimals)),
    fee,
    hold,
    order,
  }
}

export type SendDraft = ReturnType<typeof useSendDraft>
