import { type CharterUser, formatTokenAmount } from '@charter/core'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import {
  chainsQueryOptions,
  type OfferedChain,
  useChainBalances,
  walletAddressFor,
} from '../balances/index.ts'
import { colleaguesQueryOptions, findColleague } from '../colleagues/index.ts'
import { useNewDeviceHold } from '../holds/index.ts'
import { sponsoredAgainAt, sponsoredSend, sponsorQueryOptions } from '../sponsor/index.ts'
import { userWallets } from '../wallet/index.ts'
import { checkAmount } from './checkAmount.ts'
import { checkRecipientFormat } from './checkRecipientFormat.ts'
import { feeCoinNeeded } from './feeCoinNeeded.ts'
import { holdWarning } from './holdWarning.ts'
import { matchColleagues } from './matchColleagues.ts'
import { maxAmount } from './maxAmount.ts'
import { newDeviceSendLimit } from './newDeviceSendLimit.ts'
import { removeSpaces } from './removeSpaces.ts'
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
  const [recipient, setRecipientText] = useState('')
  // Said once spaces pasted with an address were taken out, until the field changes again.
  const [spacesRemoved, setSpacesRemoved] = useState(false)
  const [amountText, setAmountText] = useState('')
  const colleagues = useQuery(colleaguesQueryOptions()).data
  // Asked again each time the screen opens: the allowance moves with every sponsored send.
  const sponsorQuery = useQuery({ ...sponsorQueryOptions(), refetchOnMount: 'always' })
  // Until it answers nobody can say who pays: no fee coin is asked for, and nothing is sent. A server that
  // cannot say (an error) leaves the fee to the wallet, as before sponsorship.
  const payerKnown = !sponsorQuery.isPending
  const sponsorAnswer = sponsorQuery.data

  const wallet = chain ? (chain.type === 'ethereum' ? wallets.ethereum : wallets.solana) : undefined
  const own = wallet?.address ?? ''
  const addressFor = useCallback((type: OfferedChain['type']) => walletAddressFor(user, type), [user])
  const [balanceState] = useChainBalances(chain ? [chain] : [], addressFor)
  const balances = balanceState?.balance

  const chainType = chain?.type ?? 'ethereum'
  const setRecipient = (text: string) => {
    const cleaned = removeSpaces(text, chainType)
    setRecipientText(cleaned.text)
    setSpacesRemoved(cleaned.removed)
  }
  // The same colleague on another kind of chain: their wallet there, rather than an address of the wrong kind.
  const selectChain = (id: string) => {
    const next = chains.find((one) => String(one.id) === id)
    const colleague = findColleague(colleagues, chainType, recipient.trim())
    const theirs = next && colleague?.wallets[next.type]
    if (next && next.type !== chainType && theirs) setRecipientText(theirs)
    setChainId(id)
  }

  const format = chain
    ? checkRecipientFormat(recipient, chain.type)
    : { ok: false as const, error: undefined }
  const to = format.ok ? format.address : undefined
  const colleague = findColleague(colleagues, chainType, to)
  // What is typed that is no address may be a colleague's name being looked up: no error while some match.
  const matches = format.ok ? [] : matchColleagues(colleagues, chainType, recipient)
  const picking = !format.ok && recipient.trim() !== '' && matches.length > 0
  const facts = useRecipientFacts(chain, to, own, colleague !== undefined)
  const createsTokenAccount =
    chain?.type === 'solana' && asset === 'usdc' && facts.data?.hasUsdcAccount === false
  const sponsor = chain
    ? sponsoredSend(sponsorAnswer, { chainId: String(chain.id), chainType: chain.type, asset })
    : undefined
  // A fee someone else pays is not estimated: the wallet pays none of it, so nothing is weighed against it.
  const fee = useMaxFee({
    chain,
    asset,
    from: own,
    to,
    createsTokenAccount,
    sponsored: sponsor !== undefined,
  })
  const maxFee = fee.data && !sponsor ? fee.data.maxFee + fee.data.rent : undefined

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
  })
  const needsFeeCoin =
    payerKnown &&
    feeCoinNeeded({
      asset,
      nativeBalance: balances?.native,
      maxFee,
      sponsored: sponsor !== undefined,
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
    chain && wallet?.id && to && amount.ok && facts.data && payerKnown && !needsFeeCoin
      ? {
          chain,
          asset,
          wallet: { id: wallet.id, address: wallet.address },
          to,
          recipientName: colleague?.label,
          amount: amount.amount,
          warnings: [
            ...recipientWarnings.map((text) => ({ kind: 'recipient' as const, text })),
            ...(hold ? [hold] : []),
          ],
          createsTokenAccount,
          sponsor,
        }
      : undefined

  return {
    chainsQuery,
    chains,
    chain,
    selectChain,
    asset,
    setAsset,
    balances,
    recipient,
    setRecipient,
    recipientError: format.ok || picking ? undefined : format.error,
    picking,
    /** The colleagues the field offers for what is typed. */
    matches,
    hasColleagues: (colleagues ?? []).some((one) => one.wallets[chainType] !== undefined),
    /** Whose wallet the recipient is, when a colleague's. */
    colleague,
    spacesRemoved,
    recipientWarnings,
    checkingRecipient: facts.isFetching,
    recipientCheckFailed: facts.isError,
    amountText,
    setAmountText,
    amountError: amount.ok ? undefined : amount.error,
    symbol,
    decimals,
    needsFeeCoin,
    /** The wallet that pays, on the chosen chain. */
    own,
    fillMax: most === undefined ? undefined : () => setAmountText(formatTokenAmount(most, decimals)),
    fee,
    /** Who pays the network fee when the wallet does not (the Send screen says so instead of a maximum). */
    sponsor,
    /** When Charter pays this member's fees again, once those it pays for have run out for now. */
    sponsoredAgainAt: sponsoredAgainAt(sponsorAnswer),
    hold,
    order,
  }
}

export type SendDraft = ReturnType<typeof useSendDraft>
