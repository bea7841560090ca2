import { generateKeyPairSync } from 'node:crypto'
import {
  type Address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  type KeyPairSigner,
  lamports,
  none,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  some,
} from '@solana/kit'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getMintDecoder,
  getMintEncoder,
  getMintSize,
  getMintToInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import type { LocalCluster } from './LocalCluster.ts'
import { SolanaDevnetError } from './SolanaDevnetError.ts'

/** USDC's decimals on every cluster. */
export const usdcDecimals = 6

/** The mint authority pays the fees of the MintTo transactions; it is topped up from the airdrop account below this. */
const authorityFloor = 1_000_000_000n

/** A fresh Ed25519 keypair as solana-keygen stores one: the 32-byte secret seed, then the 32-byte public key. */
export function newKeyBytes(): Uint8Array {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const seed = Buffer.from(privateKey.export({ format: 'jwk' }).d ?? '', 'base64url')
  const key = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url')
  return Uint8Array.from([...seed, ...key])
}

/**
 * Puts the USDC mint at its real devnet address: an initialised SPL Token mint, 6 decimals, minted by the
 * authority this cluster keeps, no freeze authority. A mint already there keeps its supply; only its authority
 * is set to ours (the key file may be newer than the snapshot).
 */
export function ensureUsdcMint(cluster: LocalCluster, mint: Address, authority: Address): void {
  const existing = cluster.account(mint)
  const data = existing?.data as Uint8Array | undefined
  const current =
    existing?.programAddress === TOKEN_PROGRAM_ADDRESS && data?.length === getMintSize()
      ? getMintDecoder().decode(data)
      : null
  if (
    current?.isInitialized &&
    current.decimals === usdcDecimals &&
    current.mintAuthority.__option === 'Some'
  ) {
    if (current.mintAuthority.value === authority) return
  }
  const encoded = getMintEncoder().encode({
    mintAuthority: some(authority),
    supply: current?.supply ?? 0n,
    decimals: usdcDecimals,
    isInitialized: true,
    freezeAuthority: none(),
  })
  cluster.svm.setAccount({
    address: mint,
    data: encoded as Uint8Array,
    executable: false,
    lamports: lamports(cluster.svm.minimumBalanceForRentExemption(BigInt(getMintSize()))),
    programAddress: TOKEN_PROGRAM_ADDRESS,
    space: BigInt(getMintSize()),
  })
}

/**
 * Mints `amount` to `owner`'s associated token account, creating it if missing: a real transaction (create-ATA
 * idempotent, MintTo) signed by the mint authority and executed by the SPL Token program, so the accounts are
 * exactly what a real cluster would hold.
 */
export async function mintUsdc(
  cluster: LocalCluster,
  authority: KeyPairSigner,
  mint: Address,
  owner: Address,
  amount: bigint,
): Promise<void> {
  if ((cluster.svm.getBalance(authority.address) ?? 0n) < authorityFloor) {
    cluster.airdrop(authority.address, lamports(10n * authorityFloor))
  }
  const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  // Ed25519 signatures are deterministic: two identical fundings signed against one blockhash are one
  // transaction, and the second is "already processed". Every commit moves the blockhash on, so signing again
  // makes it a new transaction.
  for (let attempt = 1; ; attempt++) {
    const transaction = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (message) => setTransactionMessageFeePayerSigner(authority, message),
        (message) => setTransactionMessageLifetimeUsingBlockhash(cluster.latestBlockhash(), message),
        (message) =>
          appendTransactionMessageInstructions(
            [
              getCreateAssociatedTokenIdempotentInstruction({ payer: authority, ata, owner, mint }),
              getMintToInstruction({ mint, token: ata, mintAuthority: authority, amount }),
            ],
            message,
          ),
      ),
    )
    const outcome = cluster.execute(transaction)
    if (!outcome.error) return
    if (outcome.error.json === 'AlreadyProcessed' && attempt < 3) continue
    throw new SolanaDevnetError('Could not mint USDC on the local Solana cluster.', {
      details: `${outcome.error.message}; logs: ${outcome.logs.join(' | ')}`,
    })
  }
}
