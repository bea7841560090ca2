import type { z } from 'zod'
import type { WalletRow } from '../../members/walletAccounts.ts'
import type { PolicyRequest } from '../../policy/policyEngine.ts'
import type { Sending } from '../sends/Sending.ts'

/** What the policy asks of a method: what its request can move, in words and in amounts. */
export type AuthorizationRequest = Omit<
  PolicyRequest,
  'session' | 'wallet' | 'method' | 'params' | 'heldReplay'
>

/** What the policy let through: the wallet's key, for this request alone. */
export type Authorization = {
  /** Opens the wallet's key, runs `use` with it, and wipes the key after, whatever happens. */
  withKey<T>(use: (privateKey: Buffer) => T | Promise<T>): Promise<T>
  /** Gives back the budget the decision reserved: for a signed send that never reached a chain. */
  release(): Promise<void>
}

/**
 * What a wallet method runs with: the wallet's row, and `authorize`, the one way to its key: the policy decides on
 * what the method says its request moves before the key is opened. Parts a later method needs (a chain client to
 * send a transaction) join here.
 */
export type WalletMethodContext = {
  /**
   * Asks the policy (policy/policyEngine.ts) whether this request may be signed now: the key, or a held answer
   * (403 `action_held`) or a refusal thrown. Called once, after the method's own checks and before its activity
   * line.
   */
  authorize(request: AuthorizationRequest): Promise<Authorization>
  wallet: WalletRow
  /** The database and the chains a send goes through (`eth_sendTransaction`). */
  sending: Sending
  /** What the request carried beside the params: Privy's `caip2`, and the headers a send requires. */
  request: {
    caip2: string | undefined
    idempotencyKey: string | undefined
    expiry: string | undefined
    /** The method and its params as the caller sent them: what a held send replays when its wait ends. */
    method: string
    params: unknown
    /**
     * Privy's `sponsor: true`: the caller asks that someone else pay the network fee (sponsor/). A send the
     * sponsor covers may be sponsored without it; one it does not cover is refused with it.
     */
    sponsor: boolean
  }
  /** Whose request it is: the new-device hold weighs a send by the session's age. */
  session: { sessionId: string; userId: string }
  /**
   * A held send going out after its wait (the sweep, no caller present): it is not held again, and a Solana send
   * takes the chain's latest blockhash over the one it was asked with, long expired by then (only where this
   * wallet is the one signer: others' signatures cover the blockhash they signed). `released`: the member's passkey
   * ended its wait early (passkeys/); `waited`: the wait ran out.
   */
  heldReplay: false | 'waited' | 'released'
  /**
   * Says what the method is about to sign, once every check has passed and before it signs: the activity line
   * is written while the signature is computed, and the answer waits for it (`wallets/activityLines.ts`). A
   * send, whose line names the transaction it broadcast, says it last.
   */
  activity(line: ActivityLineInput): Promise<ActivityLine>
}

/** What the owner's activity log keeps about a call. */
export type ActivityLineInput = {
  /** What is signed; only its SHA-256 is kept. */
  signed: unknown
  /** A line a person reads in the activity list. */
  summary: string
  /** Why it could be signed, from the policy's decision (filled by the runner, not by the method). */
  decision?: string | undefined
  /** The transaction the call sent, whose status the line shows. */
  sendHash?: string | undefined
}

declare const activityWritten: unique symbol
/** Proof that the method said what it signs (`context.activity`): a method cannot answer without one. */
export type ActivityLine = { readonly [activityWritten]: true }

/** What a method answers (`data`), and the proof its activity line is on its way. */
export type MethodOutcome<Data> = {
  /** The `data` of the answer `{method, data}`. */
  data: Data
  line: ActivityLine
}

/** One method of the table: its params schema and what runs it with the params that schema gave. */
export type WalletMethod<Schema extends z.ZodType = z.ZodType, Data = unknown> = {
  params: Schema
  run(context: WalletMethodContext, params: z.output<Schema>): Promise<MethodOutcome<Data>>
}
