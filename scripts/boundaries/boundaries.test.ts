import { describe, expect, it } from 'vitest'
import { featureCycles, type ParsedFile, parse, rules, violations, webFeatureGraph } from './rules.ts'
import { readManifests, readSourceFiles, workspaceOf, workspaces } from './workspaces.ts'

// Each rule is checked over every source file of every package, and each is shown to fail on a sample that
// breaks it, so none passes for want of anything to look at.
const manifests = readManifests()
const repository = readSourceFiles().map(parse)

const sample = (path: string, text: string): ParsedFile => parse({ path, workspace: workspaceOf(path), text })

/** For each rule: samples that break it once each, and near misses that keep it. */
const samples: Record<string, { breaks: ParsedFile[]; keeps: ParsedFile[] }> = {
  'each package declares the packages it imports': {
    breaks: [
      sample('apps/web/src/lib/sample.ts', "import { Wallet } from 'ethers'"),
      sample('packages/core/src/format/sample.ts', "import type { Hex } from 'ox'"),
      sample('e2e/sample.ts', "import { x } from 'left-pad'"),
      // The root's dependencies are the bench's and the scripts' own, not tooling for everyone.
      sample('apps/web/src/lib/sample.test.ts', "import pg from 'pg'"),
      sample('bench/sample.ts', "import { createTransport } from 'nodemailer'"),
    ],
    keeps: [
      // The root's devDependencies are the repository's tooling: tests and config files may use them.
      sample('apps/web/src/lib/sample.test.ts', "import { Wallet } from 'ethers'"),
      sample('bench/sample.ts', "import { signMessage } from 'viem/accounts'"),
      sample('packages/core/src/format/sample.ts', "import { isHex } from 'viem/utils'"),
      sample('apps/server/src/sample.ts', "import { readFileSync } from 'node:fs'"),
    ],
  },
  'node: builtins only in the server, e2e, bench and scripts (and tests)': {
    breaks: [
      sample('apps/web/src/lib/sample.ts', "import { randomBytes } from 'node:crypto'"),
      sample('packages/core/src/format/sample.ts', "export { inspect } from 'node:util'"),
    ],
    keeps: [
      sample('apps/web/src/testing/sample.ts', "import { verify } from 'node:crypto'"),
      sample('scripts/sample.ts', "import { spawn } from 'node:child_process'"),
    ],
  },
  'core imports nothing that does I/O': {
    breaks: [
      sample('packages/core/src/format/sample.ts', "import type { Context } from 'hono'"),
      sample('packages/core/src/format/sample.ts', "const pg = await import('pg')"),
      sample('packages/core/src/format/sample.ts', "import { readFile } from 'node:fs/promises'"),
      sample('packages/core/src/format/sample.ts', "import { useState } from 'react'"),
      sample('packages/core/src/format/sample.ts', "import type { AppType } from '@charter/server'"),
      sample(
        'packages/core/src/format/sample.ts',
        "import { loadSettings } from '../../../../apps/server/src/settings/env.ts'",
      ),
    ],
    keeps: [
      sample(
        'packages/core/src/format/sample.ts',
        "import { isHex } from 'viem'\nexport * from '../chains/index.ts'",
      ),
      sample('packages/core/src/format/sample.test.ts', "import { randomBytes } from 'node:crypto'"),
    ],
  },
  'the server never imports the web': {
    breaks: [
      sample('apps/server/src/http/sample.ts', "import type { Destination } from '@charter/web'"),
      sample('apps/server/src/http/sample.ts', "import { api } from '../../../web/src/lib/api.ts'"),
    ],
    keeps: [sample('apps/server/src/http/sample.ts', "import { chainName } from '@charter/core'")],
  },
  'the web imports the server only as import type from @charter/server': {
    breaks: [
      sample('apps/web/src/lib/sample.ts', "import { app } from '@charter/server'"),
      sample('apps/web/src/lib/sample.ts', "import type { AppType } from '../../../server/src/app.ts'"),
      // With verbatimModuleSyntax this still loads the module: only the statement-level `import type` is erased.
      sample('apps/web/src/lib/sample.ts', "import { type AppType } from '@charter/server'"),
    ],
    keeps: [sample('apps/web/src/lib/sample.ts', "import type { AppType } from '@charter/server'")],
  },
  'auth/ never imports wallets/': {
    breaks: [sample('apps/server/src/auth/sample.ts', "import { x } from '../wallets/walletStore.ts'")],
    keeps: [
      sample('apps/server/src/auth/sample.ts', "import { x } from '../members/users.ts'"),
      sample('apps/server/src/auth/sample.test.ts', "import { x } from '../wallets/walletStore.ts'"),
      sample('apps/server/src/app.ts', "import { x } from './wallets/walletRoutes.ts'"),
    ],
  },
  'wallets/ never imports auth/': {
    breaks: [
      sample('apps/server/src/wallets/methods/sample.ts', "import type { X } from '../../auth/stepUp.ts'"),
    ],
    keeps: [
      sample('apps/server/src/wallets/sample.ts', "import { x } from '../members/sessionMiddleware.ts'"),
    ],
  },
  'members/ imports neither auth/ nor wallets/': {
    breaks: [
      sample('apps/server/src/members/sample.ts', "import { x } from '../auth/stepUp.ts'"),
      sample('apps/server/src/members/sample.ts', "import { x } from '../wallets/walletStore.ts'"),
    ],
    keeps: [sample('apps/server/src/members/sample.ts', "import { x } from '../http/WalletApiError.ts'")],
  },
  'serverApi/ never imports wallets/': {
    breaks: [sample('apps/server/src/serverApi/sample.ts', "import { x } from '../wallets/KeyVault.ts'")],
    keeps: [
      sample('apps/server/src/serverApi/sample.ts', "import { x } from '../members/walletAccounts.ts'"),
      sample('apps/server/src/serverApi/sample.test.ts', "import { x } from '../wallets/KeyVault.ts'"),
    ],
  },
  'only the composition root imports auth/': {
    breaks: [
      sample('apps/server/src/analytics/sample.ts', "import { x } from '../auth/rateLimit.ts'"),
      sample('apps/server/src/members/sample.ts', "import type { X } from '../auth/channels.ts'"),
      sample('apps/server/src/wallets/methods/sample.ts', "import { x } from '../../auth/stepUp.ts'"),
      sample('apps/server/src/http/sample.ts', "export { x } from '../auth/AuthService.ts'"),
      sample('apps/server/src/chains/sample.ts', "const x = await import('../auth/AuthService.ts')"),
    ],
    keeps: [
      sample('apps/server/src/app.ts', "import { authRoutes } from './auth/authRoutes.ts'"),
      sample('apps/server/src/server.ts', "import { createAuthService } from './auth/AuthService.ts'"),
      sample('apps/server/src/auth/sample.ts', "import { x } from './stepUp.ts'"),
      sample('apps/server/src/wallets/sample.test.ts', "import { x } from '../auth/AuthService.ts'"),
      sample('apps/server/src/testing/sample.ts', "import type { X } from '../auth/AuthService.ts'"),
      sample('apps/server/src/fuzz/sample.ts', "import type { X } from '../auth/AuthService.ts'"),
      sample('apps/server/src/analytics/sample.ts', "import { x } from '../http/rateLimit.ts'"),
      // A folder that merely ends in "auth" is another folder.
      sample('apps/server/src/serverApi/sample.ts', "import { x } from '../oauth/x.ts'"),
    ],
  },
  'no server room imports the composition root': {
    breaks: [
      sample('apps/server/src/wallets/sample.ts', "import type { AppType } from '../app.ts'"),
      sample('apps/server/src/chains/sample.ts', "import { startServer } from '../server.ts'"),
      sample('apps/server/src/wallets/sends/evm/sample.ts', "export { x } from '../../../main.ts'"),
      sample('apps/server/src/cli/sample.ts', "const x = await import('../keepAppId.ts')"),
    ],
    keeps: [
      sample('apps/server/src/server.ts', "import { createApp } from './app.ts'"),
      sample('apps/server/src/testing/sample.ts', "import type { AppType } from '../app.ts'"),
      sample('apps/server/src/wallets/sample.test.ts', "import { startServer } from '../server.ts'"),
      sample('apps/server/src/fuzz/sample.ts', "import type { AppType } from '../app.ts'"),
      sample('apps/server/src/wallets/sample.ts', "import type { Logger } from '../log/logger.ts'"),
      sample('apps/server/src/wallets/sample.ts', "import artifact from '../../contracts/x.json'"),
    ],
  },
  'wallets/sends/evm/ and wallets/sends/solana/ never import each other': {
    breaks: [
      sample('apps/server/src/wallets/sends/evm/sample.ts', "import { x } from '../solana/solanaChains.ts'"),
      sample(
        'apps/server/src/wallets/sends/solana/sample.ts',
        "import type { X } from '../evm/nonceLease.ts'",
      ),
      sample(
        'apps/server/src/wallets/sends/solana/sample.test.ts',
        "import { x } from '../evm/broadcastSend.ts'",
      ),
    ],
    keeps: [
      sample('apps/server/src/wallets/sends/evm/sample.ts', "import { x } from './nonceLease.ts'"),
      sample('apps/server/src/wallets/sends/evm/sample.ts', "import { x } from '../chainRpc.ts'"),
      sample(
        'apps/server/src/wallets/sends/solana/sample.ts',
        "import { x } from '../../../chains/Chains.ts'",
      ),
      sample('apps/server/src/wallets/sends/sample.ts', "import { x } from './evm/refreshEvmSend.ts'"),
      sample('apps/server/src/wallets/sends/sample.ts', "import { x } from './solana/refreshSolanaSend.ts'"),
    ],
  },
  'http/ imports no feature folder': {
    breaks: [
      sample('apps/server/src/http/sample.ts', "import { x } from '../senders/DevOutbox.ts'"),
      sample('apps/server/src/http/sample.ts', "import { x } from '../members/digests.ts'"),
      sample('apps/server/src/http/sample.ts', "import type { X } from '../auth/AuthService.ts'"),
      sample('apps/server/src/http/sample.ts', "import { x } from '../wallets/KeyVault.ts'"),
      sample('apps/server/src/http/sample.ts', "import { x } from '../chains/Chains.ts'"),
      sample('apps/server/src/http/nested/sample.ts', "import { x } from '../../holds/holdRoutes.ts'"),
      // The composition root imports http/; http/ importing it back would be a circle.
      sample('apps/server/src/http/sample.ts', "import type { AppType } from '../app.ts'"),
    ],
    keeps: [
      sample('apps/server/src/http/sample.ts', "import { x } from './rateLimit.ts'"),
      sample('apps/server/src/http/sample.ts', "import type { Db } from '../db/Database.ts'"),
      sample('apps/server/src/http/sample.ts', "import type { Part } from '../parts/Part.ts'"),
      sample('apps/server/src/http/sample.ts', "import type { Logger } from '../log/logger.ts'"),
      sample('apps/server/src/http/sample.ts', "import type { Mode } from '../settings/env.ts'"),
      sample('apps/server/src/http/sample.ts', "import { Hono } from 'hono'"),
      sample('apps/server/src/http/sample.test.ts', "import { x } from '../testing/startTestServer.ts'"),
      sample('apps/server/src/members/sample.ts', "import { x } from '../http/clientAddress.ts'"),
    ],
  },
  'devnets/ imports no feature folder': {
    breaks: [
      sample(
        'apps/server/src/devnets/evmDevnet/sample.ts',
        "import type { Chains } from '../../chains/Chains.ts'",
      ),
      sample('apps/server/src/devnets/sample.ts', "import { x } from '../chains/faucetRoutes.ts'"),
      sample('apps/server/src/devnets/solanaDevnet/sample.ts', "import { x } from '../../http/rateLimit.ts'"),
      sample('apps/server/src/devnets/sample.ts', "import type { Settings } from '../settings/env.ts'"),
    ],
    keeps: [
      sample(
        'apps/server/src/devnets/evmDevnet/sample.ts',
        "import type { LocalChain } from '../LocalChain.ts'",
      ),
      sample(
        'apps/server/src/devnets/evmDevnet/sample.ts',
        "import type { Logger } from '../../log/logger.ts'",
      ),
      sample(
        'apps/server/src/devnets/evmDevnet/sample.ts',
        "import artifact from '../../../contracts/artifacts/TestUSDC.json' with { type: 'json' }",
      ),
      sample('apps/server/src/devnets/sample.test.ts', "import { x } from '../testing/startTestServer.ts'"),
      sample('apps/server/src/chains/sample.ts', "import { x } from '../devnets/startLocalChains.ts'"),
    ],
  },
  'settings/ imports no feature folder': {
    breaks: [
      sample('apps/server/src/settings/sample.ts', "import { x } from '../chains/chooseChains.ts'"),
      sample('apps/server/src/settings/sample.ts', "import type { X } from '../holds/newDeviceHold.ts'"),
      sample('apps/server/src/settings/sample.ts', "import { x } from '../onramp/cdpJwt.ts'"),
      sample('apps/server/src/settings/sample.ts', "import { x } from '../http/validate.ts'"),
      sample(
        'apps/server/src/settings/sample.ts',
        "const x = await import('../devnets/startLocalChains.ts')",
      ),
      // The log reads its level from the settings: were the settings to import it, they would import each other.
      sample('apps/server/src/settings/sample.ts', "import type { Logger } from '../log/logger.ts'"),
      sample('apps/server/src/settings/nested/sample.ts', "export { x } from '../../pinning/pinningKey.ts'"),
    ],
    keeps: [
      sample('apps/server/src/settings/sample.ts', "import { x } from './chainSettings.ts'"),
      sample('apps/server/src/settings/sample.ts', "import { evmChains } from '@charter/core'"),
      sample('apps/server/src/settings/sample.ts', "import { readFileSync } from 'node:fs'"),
      sample('apps/server/src/settings/sample.test.ts', "import { x } from '../testing/startTestServer.ts'"),
      sample('apps/server/src/chains/sample.ts', "import type { Settings } from '../settings/env.ts'"),
      sample('apps/server/src/settingsPage/sample.ts', "import { x } from '../chains/Chains.ts'"),
    ],
  },
  'a web feature is reached from outside only through its index.ts, or a declared lazy entry': {
    breaks: [
      sample('apps/web/src/features/send/sample.ts', "import { x } from '../wallet/send/buildSolanaSend.ts'"),
      sample('apps/web/src/features/auth/sample.ts', "import { x } from '../balances/chainsQueryOptions.ts'"),
      sample(
        'apps/web/src/features/wallet/provider/sample.ts',
        "export { x } from '../../session/useSignOut.ts'",
      ),
      sample(
        'apps/web/src/features/account/sample.ts',
        "import type { X } from '../auth/browserWallets/index.ts'",
      ),
      sample(
        'apps/web/src/lib/sample.ts',
        "const x = await import('../features/walletProxy/memoryKeyStore.ts')",
      ),
      // A declared lazy entry is a chunk of its own: a static import would fold it into the importer's.
      sample(
        'apps/web/src/app/sample.tsx',
        "import { OrganizationRoutes } from '../features/organizations/OrganizationRoutes.tsx'",
      ),
      sample('apps/web/src/app/sample.tsx', "const x = import('../features/organizations/RolePage.tsx')"),
    ],
    keeps: [
      sample('apps/web/src/features/send/sample.ts', "import { x } from '../wallet/index.ts'"),
      sample(
        'apps/web/src/features/wallet/provider/sample.ts',
        "import { x } from '../describe/describeCall.ts'",
      ),
      sample('apps/web/src/app/sample.tsx', "import { x } from '../features/session/index.ts'"),
      sample(
        'apps/web/src/app/sample.tsx',
        "const x = lazy(() => import('../features/organizations/OrganizationRoutes.tsx'))",
      ),
      // Tests and their helpers may reach inside, to build what the feature keeps to itself.
      sample(
        'apps/web/src/features/wallet/sample.test.ts',
        "import { x } from '../walletProxy/makeWalletKey.ts'",
      ),
      sample(
        'apps/web/src/testing/sample.ts',
        "import { x } from '../features/walletProxy/makeWalletKey.ts'",
      ),
    ],
  },
}

describe('the repository', () => {
  it('is read whole: every package has source files, and they import things', () => {
    for (const { name } of workspaces) {
      const files = repository.filter((file) => file.workspace === name)
      expect(files.length, name).toBeGreaterThan(0)
      expect(files.flatMap((file) => file.imports).length, name).toBeGreaterThan(0)
    }
  })
})

describe('web features import no cycle', () => {
  it('holds across the repository', () => {
    expect(featureCycles(webFeatureGraph(repository))).toEqual([])
  })

  it('fails on a cycle, however long, naming it and the imports that close it', () => {
    const twoWay = [
      sample('apps/web/src/features/auth/sample.ts', "import { x } from '../wallet/index.ts'"),
      sample('apps/web/src/features/wallet/sample.ts', "import type { Y } from '../auth/index.ts'"),
    ]
    expect(featureCycles(webFeatureGraph(twoWay))).toEqual([
      "auth → wallet → auth (apps/web/src/features/auth/sample.ts:1 imports '../wallet/index.ts'; " +
        "apps/web/src/features/wallet/sample.ts:1 imports '../auth/index.ts')",
    ])
    const threeWay = [
      sample('apps/web/src/features/account/sample.ts', "import { x } from '../auth/index.ts'"),
      sample('apps/web/src/features/auth/sample.ts', "import { x } from '../session/index.ts'"),
      sample('apps/web/src/features/session/sample.ts', "const x = import('../account/index.ts')"),
      sample('apps/web/src/features/session/other.ts', "import { x } from '../health/index.ts'"),
    ]
    expect(featureCycles(webFeatureGraph(threeWay))).toEqual([
      "account → auth → session → account (apps/web/src/features/account/sample.ts:1 imports '../auth/index.ts'; " +
        "apps/web/src/features/auth/sample.ts:1 imports '../session/index.ts'; " +
        "apps/web/src/features/session/sample.ts:1 imports '../account/index.ts')",
    ])
  })

  it('names every feature of a tangle wider than its shortest cycle', () => {
    const tangle = [
      sample('apps/web/src/features/auth/sample.ts', "import { x } from '../passkeys/index.ts'"),
      sample('apps/web/src/features/auth/other.ts', "import { x } from '../wallet/index.ts'"),
      sample('apps/web/src/features/passkeys/sample.ts', "import { x } from '../wallet/index.ts'"),
      sample('apps/web/src/features/wallet/sample.ts', "import { x } from '../auth/index.ts'"),
    ]
    expect(featureCycles(webFeatureGraph(tangle))).toEqual([
      "auth → wallet → auth (apps/web/src/features/auth/other.ts:1 imports '../wallet/index.ts'; " +
        "apps/web/src/features/wallet/sample.ts:1 imports '../auth/index.ts'); " +
        'all of auth, passkeys, wallet reach one another',
    ])
  })

  it('keeps a one-way graph, and leaves tests out', () => {
    const oneWay = [
      sample('apps/web/src/features/account/sample.ts', "import { x } from '../auth/index.ts'"),
      sample('apps/web/src/features/auth/sample.ts', "import { x } from '../session/index.ts'"),
      sample('apps/web/src/features/account/other.ts', "import { x } from '../session/index.ts'"),
      sample('apps/web/src/features/session/sample.test.ts', "import { x } from '../account/index.ts'"),
      sample('apps/web/src/app/sample.tsx', "import { x } from '../features/account/index.ts'"),
      sample('apps/web/src/features/session/sample.ts', "import { x } from '../../app/App.tsx'"),
    ]
    expect(featureCycles(webFeatureGraph(oneWay))).toEqual([])
  })
})

describe.each(rules)('$name', (rule) => {
  it('holds across the repository', () => {
    expect(violations(rule, repository, manifests)).toEqual([])
  })

  it('fails on an import that breaks it, and only on that', () => {
    const { breaks, keeps } = samples[rule.name] ?? { breaks: [], keeps: [] }
    expect(breaks.length).toBeGreaterThan(0)
    for (const file of breaks) expect(violations(rule, [file], manifests), file.text).toHaveLength(1)
    for (const file of keeps) expect(violations(rule, [file], manifests), file.text).toEqual([])
  })
})
