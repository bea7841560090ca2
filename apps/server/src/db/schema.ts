import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

// The tables as the migrations in ./migrations create them; `schema.test.ts` checks the two agree.
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  createdAt: createdAt(),
  hasAcceptedTerms: boolean('has_accepted_terms').notNull().default(false),
  /** When a sign-in address last changed: exports wait EXPORT_COOLDOWN_HOURS after it. */
  signInChangedAt: timestamp('sign_in_changed_at', { withTimezone: true }),
  /** The name the member goes by among their colleagues (migration 0022); null until they give one. */
  displayName: text('display_name'),
})

/** A phone number or email address that signs a user in; at most one of each kind per user. */
export const identities = pgTable(
  'identities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['phone', 'email', 'wallet'] }).notNull(),
    /**
     * E.164 for a phone, lower-case for an email, the address for a wallet: lower-case on Ethereum (any spelling
     * finds it), base58 as is on Solana. The canonical forms of the two chains never collide ('0x' is no base58).
     */
    value: text('value').notNull(),
    firstVerifiedAt: timestamp('first_verified_at', { withTimezone: true }).notNull(),
    latestVerifiedAt: timestamp('latest_verified_at', { withTimezone: true }).notNull(),
    /** A wallet's chain; null for a phone or an email. */
    chainType: text('chain_type', { enum: ['ethereum', 'solana'] }),
    /** A wallet's app and connector at its latest signature (Privy's `wallet_client_type`, `connector_type`). */
    walletClientType: text('wallet_client_type'),
    connectorType: text('connector_type'),
  },
  (table) => [
    uniqueIndex('identities_kind_value').on(table.kind, table.value),
    // One phone number and one email address per account; as many wallets as the member links.
    uniqueIndex('identities_user_kind').on(table.userId, table.kind).where(sql`kind IN ('phone', 'email')`),
  ],
)

/**
 * One live code per destination and client flow (a flow cookie or a client address, as a keyed digest): a new
 * code replaces that flow's last, and tries count per flow. Only an HMAC of the code is kept.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    destination: text('destination').notNull(),
    flow: text('flow').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.destination, table.flow] })],
)

/** Proof-of-work solutions already used to send a code: each is good once, across every replica. */
export const usedCodeChallenges = pgTable(
  'used_code_challenges',
  {
    challenge: text('challenge').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('used_code_challenges_expires_at').on(table.expiresAt)],
)

/** Fixed-window counters for throttling, shared by every replica. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
)

/** Sessions: only SHA-256 digests of the session and refresh tokens are stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    createdAt: createdAt(),
    /** Slides forward with use, never past `absoluteExpiresAt`. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Why it was revoked (`SessionEndReason`), told to the device that still holds it. */
    endedReason: text('ended_reason'),
    userAgent: text('user_agent'),
    /** The client address the session signed in from. */
    clientAddress: text('client_address'),
    /** SPKI (base64) of the P-256 key the browser registered; wallet requests are signed with it. */
    authorizationKey: text('authorization_key'),
  },
  (table) => [
    uniqueIndex('sessions_token_hash').on(table.tokenHash),
    uniqueIndex('sessions_refresh_token_hash').on(table.refreshTokenHash),
    index('sessions_user').on(table.userId),
    index('sessions_expires_at').on(table.expiresAt),
  ],
)

/**
 * Every session and refresh token a session's refreshes replaced (digests only): used again after a short grace,
 * any of them means theft (`members/sessions.ts`). Deleted with the session.
 */
export const sessionSupersededTokens = pgTable(
  'session_superseded_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['session', 'refresh'] }).notNull(),
    supersededAt: timestamp('superseded_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('session_superseded_tokens_session').on(table.sessionId)],
)

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    eventName: text('event_name').notNull(),
    clientId: text('client_id'),
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (table) => [index('analytics_events_created_at').on(table.createdAt)],
)

/** Embedded wallets. The private key is only ever stored sealed (see wallets/KeyVault.ts). */
export const wallets = pgTable(
  'wallets',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chainType: text('chain_type', { enum: ['ethereum', 'solana'] }).notNull(),
    walletIndex: integer('wallet_index').notNull(),
    address: text('address').notNull(),
    sealedKey: text('sealed_key').notNull(),
    wrappedDataKey: text('wrapped_data_key').notNull(),
    masterKeyId: text('master_key_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('wallets_user_chain_index').on(table.userId, table.chainType, table.walletIndex),
    uniqueIndex('wallets_address').on(table.address),
    index('wallets_master_key').on(table.masterKeyId),
  ],
)

/**
 * The first answer to a request sent with `privy-idempotency-key`, kept for 24 hours for the session that
 * made it. `body` is null for answers never kept (an exported key): only their status is.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestDigest: text('request_digest').notNull(),
    status: integer('status').notNull(),
    body: jsonb('body'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.sessionId, table.key] }),
    index('idempotency_keys_created_at').on(table.createdAt),
  ],
)

/** Every signature and export, for the wallet's owner to read. */
export const walletActivity = pgTable(
  'wallet_activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    walletId: text('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['signature', 'export', 'decline', 'receive'] }).notNull(),
    method: text('method').notNull(),
    /** SHA-256 of what was signed (or of the exported address), never the thing itself. */
    digest: text('digest').notNull(),
    /** A line a person reads: "Signed a message", "Exported the private key as a keystore file". */
    summary: text('summary').notNull(),
    /** The transaction a send made (EVM hash, Solana signature): the line shows that send's status. */
    sendHash: text('send_hash'),
    /** The policy's decision that let it be signed: "a trusted device", "within the new-device budget". */
    decision: text('decision'),
    createdAt: createdAt(),
    /** A receive line's receipt (migration 0023): removing the receipt removes the line. */
    receiptId: bigint('receipt_id', { mode: 'number' }).references((): AnyPgColumn => incomingReceipts.id, {
      onDelete: 'cascade',
    }),
  },
  (table) => [
    index('wallet_activity_user').on(table.userId, table.createdAt),
    uniqueIndex('wallet_activity_receipt').on(table.receiptId),
  ],
)

/** What happened to an account that its owner should see: addresses added or changed, devices, sign-outs, exports. */
export const accountEvents = pgTable(
  'account_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: [
        'address_added',
        'address_removed',
        'address_changed',
        'device_added',
        'signed_out_everywhere',
        'signed_out_session',
        'key_exported',
        'session_token_reused',
        'export_held',
        'held_export_cancelled',
        'send_held',
        'held_send_cancelled',
        'held_send_sent',
        'held_send_failed',
        'signature_held',
        'held_signature_cancelled',
        'sign_out_held',
        'held_sign_out_cancelled',
        'held_sign_out_done',
        'address_change_held',
        'held_address_change_cancelled',
        'lift_freeze_held',
        'held_lift_freeze_cancelled',
        'account_frozen',
        'freeze_lifted',
        'passkey_added',
        'passkey_removed',
        'passkey_renamed',
        'passkey_add_held',
        'held_passkey_add_cancelled',
        'passkey_remove_held',
        'held_passkey_remove_cancelled',
        'held_action_lifted',
        'passkey_copy_refused',
      ],
    }).notNull(),
    /** A line a person reads: "Phone number changed from *2671 to *9876". */
    summary: text('summary').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('account_events_user').on(table.userId, table.createdAt)],
)

/** How a session signed in, and until when keys may not leave from it (the new-device hold, holds/). */
export const sessionOrigins = pgTable('session_origins', {
  sessionId: text('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  signedInWith: text('signed_in_with', { enum: ['phone', 'email', 'wallet', 'passkey'] }).notNull(),
  /** Null: no hold (the sign-in that created the account, or NEW_DEVICE_HOLD_HOURS=0). */
  holdEndsAt: timestamp('hold_ends_at', { withTimezone: true }),
})

/** What a session within the new-device hold asked for: told to the member, shown, cancellable. */
export const heldActions = pgTable(
  'held_actions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: [
        'export',
        'send',
        'signature',
        'sign_out',
        'address_change',
        'lift_freeze',
        'passkey_add',
        'passkey_remove',
      ],
    }).notNull(),
    /**
     * What it acts on: the wallet's id for an export; the wallet's id and the idempotency key for a send; the
     * wallet's id and the digest of the request for a signature.
     */
    subject: text('subject').notNull(),
    /** A line a person reads: "Export the key of Ethereum wallet 0x…". */
    summary: text('summary').notNull(),
    createdAt: createdAt(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBySessionId: text('cancelled_by_session_id'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    // A held send (migration 0011): what goes out when the hold ends, through the wallet's method table.
    walletId: text('wallet_id').references(() => wallets.id, { onDelete: 'cascade' }),
    method: text('method'),
    caip2: text('caip2'),
    /** The caller's params, as they came (the method's schema checks them again when it goes out). */
    params: jsonb('params'),
    idempotencyKey: text('idempotency_key'),
    /** A held send asked with Privy's `sponsor: true`: its replay asks it again. */
    sponsored: boolean('sponsored').notNull().default(false),
    /** A sweep took it to send: another waits until this is old (a server that died while sending). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** How it ended: the transaction's hash, or why it did not go out. */
    resultHash: text('result_hash'),
    failure: text('failure'),
    /** The SHA-256 of the one-use link in its notice, which cancels it without signing in (migration 0020). */
    cancelLinkDigest: text('cancel_link_digest'),
    /** When a member's passkey released it at once instead of its wait (migration 0021). */
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    /** Whether the session that asked was within its own hold then: only then does a cancel stop that device. */
    fromNewDevice: boolean('from_new_device').notNull().default(true),
  },
  (table) => [
    index('held_actions_user').on(table.userId, table.createdAt),
    uniqueIndex('held_actions_cancel_link').on(table.cancelLinkDigest),
    index('held_actions_due_later')
      .on(table.opensAt)
      .where(
        sql`${table.kind} IN ('sign_out', 'lift_freeze', 'passkey_remove') AND ${table.cancelledAt} IS NULL AND ${table.completedAt} IS NULL`,
      ),
    index('held_actions_session').on(table.sessionId),
    uniqueIndex('held_actions_pending')
      .on(table.sessionId, table.kind, table.subject)
      .where(sql`${table.cancelledAt} IS NULL AND ${table.completedAt} IS NULL`),
    index('held_actions_due')
      .on(table.opensAt)
      .where(sql`${table.kind} = 'send' AND ${table.cancelledAt} IS NULL AND ${table.completedAt} IS NULL`),
  ],
)

/**
 * What sessions within the new-device hold have moved, or are about to (policy/newDeviceBudget.ts): reserved
 * before a signature is made, released when none was. The budget is their sum over the hold's length.
 */
export const budgetReservations = pgTable(
  'budget_reservations',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    walletId: text('wallet_id').notNull(),
    /** The chain's id as `GET /chains` names it (`84532`, `devnet`). */
    chain: text('chain').notNull(),
    asset: text('asset', { enum: ['native', 'usdc'] }).notNull(),
    /** Base units (wei, lamports, USDC's 6 decimals). */
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    createdAt: createdAt(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (table) => [index('budget_reservations_user').on(table.userId, table.createdAt)],
)

/** A freeze: no send, signature or export on any session until `endsAt`, or until lifted (holds/accountFreeze.ts). */
export const accountFreezes = pgTable(
  'account_freezes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who froze it (null once that session's row is deleted). */
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    /** When the session that froze it signed in: a session that signed in later waits the hold to lift it. */
    authorSignedInAt: timestamp('author_signed_in_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedBySessionId: text('lifted_by_session_id'),
  },
  (table) => [index('account_freezes_user').on(table.userId, table.endsAt)],
)

/** The devices an account signed in from: the SHA-256 of a long-lived random cookie. */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceDigest: text('device_digest').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.deviceDigest] })],
)

/**
 * Every EVM send, recorded before it is broadcast (so a crash cannot lose it) and followed to its end. The signed
 * transaction is kept: it is public once broadcast, and the record of what left the wallet.
 */
export const sends = pgTable(
  'sends',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    walletId: text('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    /** `privy-idempotency-key`: one send per wallet and key; cleared when the node refused the transaction. */
    idempotencyKey: text('idempotency_key'),
    /** The chain, `eip155:<id>` or `solana:<genesis hash, 32 characters>`. */
    caip2: text('caip2').notNull(),
    /** EVM only (null on Solana). */
    chainId: integer('chain_id'),
    /** EVM only: Solana has no nonce; a send's recent blockhash gives it its lifetime. */
    nonce: integer('nonce'),
    /** Solana: the block height after which the send's blockhash is expired (decimal). */
    lastValidBlockHeight: text('last_valid_block_height'),
    /** The recipient (for Solana: of the first transfer, or the first program called). */
    toAddress: text('to_address').notNull(),
    /** Wei or lamports leaving the wallet, as a decimal string (up to 2^256 − 1). */
    value: text('value').notNull(),
    /** SHA-256 of the calldata (EVM) or of the transaction as the caller sent it (Solana); null without data. */
    dataDigest: text('data_digest'),
    /** For a USDC transfer: the real recipient (on Solana the owner, not the token account) and the amount. */
    tokenTo: text('token_to'),
    tokenAmount: text('token_amount'),
    signedTransaction: text('signed_transaction').notNull(),
    /**
     * Who pays the network fee and signs first: null for the wallet itself; the sponsor's address (sponsor/) for
     * a sponsored send, whose EVM nonce is then the sponsor's.
     */
    feePayer: text('fee_payer'),
    hash: text('hash').notNull(),
    status: text('status', { enum: ['pending', 'confirmed', 'failed', 'interrupted'] }).notNull(),
    /** Why it failed or was interrupted: reverted, dropped, replaced, the node's refusal. */
    reason: text('reason'),
    blockNumber: text('block_number'),
    /** When the node took it; null while recorded and not yet broadcast. */
    broadcastAt: timestamp('broadcast_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sends_wallet_idempotency_key').on(table.walletId, table.idempotencyKey),
    index('sends_wallet_created').on(table.walletId, table.createdAt),
    index('sends_wallet_chain_nonce').on(table.walletId, table.chainId, table.nonce),
    uniqueIndex('sends_solana_signature').on(table.hash).where(sql`caip2 LIKE 'solana:%'`),
  ],
)

/**
 * One row per (wallet, chain): the lease under which a nonce is chosen and its transaction recorded and broadcast,
 * by one request at a time across every server process. A lease, not a transaction held open: PGlite has one
 * connection, and a crashed holder's lease simply runs out.
 */
export const walletNonces = pgTable(
  'wallet_nonces',
  {
    walletId: text('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    chainId: integer('chain_id').notNull(),
    /** The nonce after the last one handed out (informative: the chain and the sends decide). */
    nextNonce: integer('next_nonce').notNull().default(0),
    leaseHolder: text('lease_holder'),
    leaseEndsAt: timestamp('lease_ends_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.walletId, table.chainId] })],
)

/** Bytes as PostgreSQL's bytea (PGlite and node-postgres both hand them back as a Buffer or Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
})

/** Every block of a document Charter's own pinning service pinned, keyed by its CID (pinning/). */
export const pinnedBlocks = pgTable('pinned_blocks', {
  cid: text('cid').primaryKey(),
  bytes: bytea('bytes').notNull(),
})

/**
 * One row per pinned document, by its root CID. The document's bytes are kept beside its blocks: the gateway
 * answers with one read, and no dag-pb decoder is needed to put a document of several blocks back together.
 */
export const pins = pgTable('pins', {
  cid: text('cid').primaryKey(),
  cidVersion: integer('cid_version').notNull(),
  /** The DAG's cumulative size, as `ipfs add` and Pinata's PinSize give it. */
  size: bigint('size', { mode: 'number' }).notNull(),
  content: bytea('content').notNull(),
  createdAt: createdAt(),
})

// Organisations and their roles (organizations/): the current CID of each document on its row, every version in
// documentVersions; memberships, assignments and invitations end but are never deleted.
const at = (name: string) => timestamp(name, { withTimezone: true })

export const organizations = pgTable('organizations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  cid: text('cid').notNull(),
  createdBy: text('created_by')
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull().defaultNow(),
})

export const organizationMembers = pgTable(
  'organization_members',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    membership: text('membership', { enum: ['admin', 'member'] }).notNull(),
    joinedAt: at('joined_at').notNull().defaultNow(),
    removedAt: at('removed_at'),
  },
  (table) => [
    uniqueIndex('organization_members_current')
      .on(table.organizationId, table.userId)
      .where(sql`removed_at IS NULL`),
    index('organization_members_user').on(table.userId),
  ],
)

export const roles = pgTable(
  'roles',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    cid: text('cid').notNull(),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    deletedAt: at('deleted_at'),
  },
  (table) => [index('roles_organization').on(table.organizationId)],
)

export const documentVersions = pgTable(
  'document_versions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Null: the organisation's own document. */
    roleId: text('role_id').references(() => roles.id, { onDelete: 'cascade' }),
    cid: text('cid').notNull(),
    /** The JSON text exactly as pinned. */
    document: text('document').notNull(),
    changedBy: text('changed_by')
      .notNull()
      .references(() => users.id),
    changedAt: at('changed_at').notNull().defaultNow(),
  },
  (table) => [index('document_versions_owner').on(table.organizationId, table.roleId)],
)

export const roleAssignments = pgTable(
  'role_assignments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedBy: text('assigned_by')
      .notNull()
      .references(() => users.id),
    assignedAt: at('assigned_at').notNull().defaultNow(),
    endedAt: at('ended_at'),
  },
  (table) => [
    uniqueIndex('role_assignments_current').on(table.roleId, table.userId).where(sql`ended_at IS NULL`),
    index('role_assignments_user').on(table.userId),
  ],
)

export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    addressKind: text('address_kind', { enum: ['phone', 'email'] }).notNull(),
    /** As identities keep it: E.164, or a lower-case email. */
    address: text('address').notNull(),
    membership: text('membership', { enum: ['admin', 'member'] }).notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'revoked'] })
      .notNull()
      .default('pending'),
    invitedBy: text('invited_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    decidedAt: at('decided_at'),
    decidedBy: text('decided_by').references(() => users.id),
  },
  (table) => [
    index('invitations_address').on(table.addressKind, table.address),
    index('invitations_organization').on(table.organizationId),
  ],
)

/**
 * Each on-ramp request a member started (onramp/): what it may fund, and how it went (`pending` until the
 * provider says `success` or `failure`, then kept). The sandbox's single-use tokens are kept as SHA-256 digests,
 * with when they expire and when they were claimed.
 */
export const onrampRequests = pgTable(
  'onramp_requests',
  {
    /** Minted by the server per request: the link's partnerUserId and the status key. */
    partnerUserId: text('partner_user_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    service: text('service', { enum: ['coinbase', 'sandbox'] }).notNull(),
    addresses: jsonb('addresses').$type<{ address: string; blockchains: string[] }[]>().notNull(),
    assets: jsonb('assets').$type<string[]>(),
    /** The preset crypto amount the token was minted for (normalised, "0.5"); null: the sandbox page asks. */
    amount: text('amount'),
    status: text('status', { enum: ['pending', 'success', 'failure'] })
      .notNull()
      .default('pending'),
    tokenDigest: text('token_digest').unique(),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    tokenUsedAt: timestamp('token_used_at', { withTimezone: true }),
    /** What the sandbox credited: network, chain, asset, amount and address. */
    credited: jsonb('credited').$type<Record<string, string>>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('onramp_requests_user').on(table.userId, table.createdAt)],
)

/**
 * Device keys the wallet frame registered before a sign-in (members/pendingKeys.ts), by the SHA-256 of the token
 * its browser holds in a cookie: the code sign-in that follows in that browser binds its new session to the key,
 * once. Expired ones are swept.
 */
export const pendingDeviceKeys = pgTable(
  'pending_device_keys',
  {
    tokenDigest: text('token_digest').primaryKey(),
    /** SPKI, base64: the P-256 key the frame made and holds. */
    publicKey: text('public_key').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('pending_device_keys_expires_at').on(table.expiresAt)],
)

/** The nonce each wallet address was last issued for its sign-in message (auth/walletSignIn/signInNonces.ts). */
export const signInNonces = pgTable(
  'sign_in_nonces',
  {
    /** `ethereum` or `solana`. */
    family: text('family').notNull(),
    /** Ethereum: lower case; Solana: base58 as given. */
    address: text('address').notNull(),
    nonceDigest: text('nonce_digest').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.family, table.address] }),
    index('sign_in_nonces_expires_at').on(table.expiresAt),
  ],
)

/** A member's passkeys (passkeys/): WebAuthn credentials bound to PUBLIC_URL's host; public keys only. */
export const passkeys = pgTable(
  'passkeys',
  {
    credentialId: text('credential_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publicKey: text('public_key').notNull(),
    /** The signature counter last seen: one going backwards is a copy, refused. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'`),
    name: text('name').notNull(),
    authenticatorName: text('authenticator_name'),
    aaguid: text('aaguid'),
    backedUp: boolean('backed_up').notNull().default(false),
    createdWithUserAgent: text('created_with_user_agent'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('passkeys_user').on(table.userId, table.createdAt)],
)

/** The one-use challenges of passkey ceremonies, shared by every replica (passkeys/passkeyChallenges.ts). */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['link', 'sign_in', 'proof'] }).notNull(),
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    /** What a proof confirms, exactly: "held:<id>:<digest>", "export:<wallet id>", "unlink:<credential id>". */
    action: text('action'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('passkey_challenges_expires').on(table.expiresAt)],
)

/**
 * The link each invitation's text or email carries (organizations/invitationDelivery.ts): the SHA-256 digest of
 * its token only, its expiry, the name the inviter gave the invitee, and how its last sending went (`sent`,
 * `failed`, or `not_sent` when this server has no sender for that kind of address).
 */
export const invitationLinks = pgTable('invitation_links', {
  invitationId: text('invitation_id')
    .primaryKey()
    .references(() => invitations.id, { onDelete: 'cascade' }),
  linkDigest: text('link_digest').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  inviteeName: text('invitee_name'),
  delivery: text('delivery', { enum: ['sent', 'failed', 'not_sent'] }).notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Money received by a member's wallet, read from its chain (incoming/): one row per receipt, keyed by its place on
 * the chain, so a restart, another pass or another server process writes it once (migration 0023).
 */
export const incomingReceipts = pgTable(
  'incoming_receipts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    walletId: text('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    /** The chain as GET /chains names it: '84532', 'devnet'. */
    chainId: text('chain_id').notNull(),
    /** The transaction hash (EVM) or signature (Solana). */
    txHash: text('tx_hash').notNull(),
    /** Where in the transaction: 'log:<index>' (an ERC-20 Transfer), 'native', 'usdc' (a Solana balance change). */
    position: text('position').notNull(),
    asset: text('asset', { enum: ['usdc', 'native'] }).notNull(),
    /** Base units, decimal digits. */
    amount: text('amount').notNull(),
    fromAddress: text('from_address').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    /** The block it was found in (EVM), so a reorg that moves it is seen; null on Solana (read finalized). */
    blockHash: text('block_hash'),
    /** What found it: the chain's own records, or Charter's send records. */
    source: text('source', { enum: ['chain', 'send'] }).notNull(),
    /** Whether the home has told the member of it. */
    announced: boolean('announced').notNull().default(false),
    /** The block's time. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('incoming_receipts_chain_tx_position_wallet_id_key').on(
      table.chainId,
      table.txHash,
      table.position,
      table.walletId,
    ),
    index('incoming_receipts_news').on(table.userId, table.id).where(sql`NOT announced`),
    index('incoming_receipts_unsafe').on(table.chainId, table.blockNumber),
  ],
)

/** How far each (wallet, chain) has been read for good: the next block (EVM) or slot (Solana) a pass reads from. */
/**
 * A Solana read cut short, per account read (the wallet, its USDC token account): the oldest signature read so
 * far, older ones still to read, and the slot the read began at, up to which the cursor moves once it is done.
 */
export type Backfill = Record<string, { before: string; top: string }>

export const incomingCursors = pgTable(
  'incoming_cursors',
  {
    walletId: text('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    chainId: text('chain_id').notNull(),
    nextBlock: bigint('next_block', { mode: 'bigint' }).notNull(),
    /** Solana: where a read cut short goes on, per account (incoming/solanaReceipts.ts); null when none was. */
    backfill: jsonb('backfill').$type<Backfill>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.walletId, table.chainId] })],
)

/**
 * The nonce lease of a fee payer that is not a member's wallet (the sponsor, sponsor/), per chain: a sponsored EVM
 * send takes the fee payer's nonce, shared by every member's sponsored sends, under this lease as `walletNonces`
 * leases a wallet's own (wallets/sends/evm/nonceLease.ts). The address is kept lowercase.
 */
export const feePayerNonces = pgTable(
  'fee_payer_nonces',
  {
    feePayer: text('fee_payer').notNull(),
    chainId: integer('chain_id').notNull(),
    nextNonce: integer('next_nonce').notNull().default(0),
    leaseHolder: text('lease_holder'),
    leaseEndsAt: timestamp('lease_ends_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.feePayer, table.chainId] })],
)

/**
 * The sponsor's keys (sponsor/, migration 0026): one per kind of chain, sealed by the key vault as members' keys
 * are, under the owner `<id>` / `sponsor`.
 */
export const sponsorKeys = pgTable(
  'sponsor_keys',
  {
    id: text('id').primaryKey(),
    chainType: text('chain_type', { enum: ['ethereum', 'solana'] }).notNull(),
    address: text('address').notNull().unique(),
    sealedKey: text('sealed_key').notNull(),
    wrappedDataKey: text('wrapped_data_key').notNull(),
    masterKeyId: text('master_key_id').notNull(),
    /** The master key current when it was made; a rewrap never changes it. */
    createdUnder: text('created_under').notNull(),
    createdAt: createdAt(),
  },
  (table) => [unique().on(table.chainType, table.createdUnder)],
)

/**
 * One sponsored send held against its member's rolling allowance (sponsor/sponsorAllowance.ts): written before
 * anything is signed, released when nothing was broadcast under it.
 */
export const sponsorReservations = pgTable(
  'sponsor_reservations',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The chain, as CAIP-2 names it (`eip155:84532`, `solana:…`). */
    caip2: text('caip2').notNull(),
    /** The most the sponsor may pay for it, in wei or lamports. */
    maxFee: numeric('max_fee', { precision: 78, scale: 0 }).notNull(),
    createdAt: createdAt(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (table) => [index('sponsor_reservations_user').on(table.userId, table.createdAt)],
)
