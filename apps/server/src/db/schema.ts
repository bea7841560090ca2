import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

// The tables as the migrations in ./migrations create them; `schema.test.ts` checks the two agree.
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  createdAt: createdAt(),
  hasAcceptedTerms: boolean('has_accepted_terms').notNull().default(false),
})

/** A phone number or email address that signs a user in; at most one of each kind per user. */
export const identities = pgTable(
  'identities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['phone', 'email'] }).notNull(),
    /** E.164 for a phone, lower-case for an email. */
    value: text('value').notNull(),
    firstVerifiedAt: timestamp('first_verified_at', { withTimezone: true }).notNull(),
    latestVerifiedAt: timestamp('latest_verified_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('identities_kind_value').on(table.kind, table.value),
    uniqueIndex('identities_user_kind').on(table.userId, table.kind),
  ],
)

/** One live code per destination: a new code replaces the last. Only an HMAC of the code is kept. */
export const otpCodes = pgTable('otp_codes', {
  destination: text('destination').primaryKey(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  createdAt: createdAt(),
})

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
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
  },
  (table) => [
    uniqueIndex('sessions_token_hash').on(table.tokenHash),
    uniqueIndex('sessions_refresh_token_hash').on(table.refreshTokenHash),
    index('sessions_user').on(table.userId),
  ],
)

export const analyticsEvents = pgTable('analytics_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  eventName: text('event_name').notNull(),
  clientId: text('client_id'),
  payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
  createdAt: createdAt(),
})
