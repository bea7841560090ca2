import { dirname, posix } from 'node:path'
import { type Import, importsOf } from './importsOf.ts'
import type { Manifest, SourceFile, WorkspaceName } from './workspaces.ts'

export type Manifests = Record<WorkspaceName, Manifest>

export type Rule = {
  name: string
  breaks: (file: SourceFile, imported: Import, manifests: Manifests) => boolean
}

/** Tests and their helpers run on Node under vitest or Playwright, never in the app a package ships. */
export const isTest = (path: string): boolean =>
  /\.(test|spec)\.tsx?$/.test(path) ||
  /\/(testing|__fixtures__)\//.test(path) ||
  path.endsWith('/testSetup.ts')

/** Tests and config files may also use the root's devDependencies: the repository's tooling. */
const isTooling = (path: string): boolean => isTest(path) || /\.config\.ts$/.test(path)

const isRelative = (specifier: string) => specifier.startsWith('.')
const isBuiltin = (specifier: string) => specifier.startsWith('node:')

/** `@scope/name/sub/path` → `@scope/name`; `name/sub/path` → `name`. */
export const packageName = (specifier: string): string =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')

/** A relative specifier as a path from the repository's root; a bare one as it is. */
const target = (file: SourceFile, specifier: string): string =>
  isRelative(specifier) ? posix.join(dirname(file.path), specifier) : specifier

const declared = (manifest: Manifest, devDependenciesOnly = false): string[] => [
  ...Object.keys(devDependenciesOnly ? {} : (manifest.dependencies ?? {})),
  ...Object.keys(manifest.devDependencies ?? {}),
]

/** Packages that reach a network, a disk, a database or a screen: none of core's business. */
const withInputOutput = new Set([
  '@charter/server',
  '@charter/web',
  '@electric-sql/pglite',
  '@hono/node-server',
  'drizzle-orm',
  'hono',
  'nodemailer',
  'pg',
  'react',
  'react-dom',
])

/** The server folder a file is in (`auth`, `wallets`…), or undefined at the server's root and elsewhere. */
const serverFolder = (path: string): string | undefined => /^apps\/server\/src\/([^/]+)\//.exec(path)?.[1]

const reachesInto =
  (from: string, forbidden: string[]): Rule['breaks'] =>
  (file, { specifier }) =>
    file.workspace === 'server' &&
    !isTest(file.path) &&
    serverFolder(file.path) === from &&
    isRelative(specifier) &&
    forbidden.includes(serverFolder(target(file, specifier)) ?? '')

/** The server's folder a relative import lands in, or undefined for the server's root files and elsewhere. */
const folderReached = (file: SourceFile, specifier: string): string | undefined =>
  isRelative(specifier) ? serverFolder(target(file, specifier)) : undefined

/**
 * Who may wire sign-in in: the composition root (the server's root files: app.ts, server.ts, main.ts), sign-in
 * itself, and what starts the whole server to drive it (tests, `testing/`, and the fuzz suite's `fuzz/`, whose
 * harness files are not named .test.ts). Everything else gets what it needs from sign-in as an interface the
 * root fills (`wallets/WalletAuth.ts`), or from `http/` (throttling) and `members/` (the member).
 */
const mayImportAuth = (path: string): boolean =>
  isTest(path) || ['auth', 'fuzz', undefined].includes(serverFolder(path))

/** The kind of chain a send's file is for (`evm`, `solana`); undefined for what every send shares. */
const sendsKind = (path: string): string | undefined =>
  /^apps\/server\/src\/wallets\/sends\/(evm|solana)\//.exec(path)?.[1]

/** The web feature a path is in (`auth`, `wallet`…), or undefined outside `apps/web/src/features/`. */
export const webFeature = (path: string): string | undefined =>
  /^apps\/web\/src\/features\/([^/]+)\//.exec(path)?.[1]

/** The web feature a relative import lands in (undefined for a package, or outside the features). */
const featureReached = (file: SourceFile, specifier: string): string | undefined =>
  file.workspace === 'web' && isRelative(specifier) ? webFeature(target(file, specifier)) : undefined

/**
 * Files the app's routes load lazily by their own path (`lazy(() => import(…))` in `apps/web/src/app/`) rather
 * than through their feature's index: the index holds what the home needs, the entry holds the pages, and
 * each loads in its own chunk. Reached only by `import()`; anything else goes through the index.
 */
export const lazyEntries = new Set(['apps/web/src/features/organizations/OrganizationRoutes.tsx'])

/** What `http/` may build on: itself, the database, what a part is, the settings and the log; never the composition root. */
const underHttp = new Set<string | undefined>(['http', 'db', 'parts', 'settings', 'log'])

export const rules: Rule[] = [
  {
    name: 'each package declares the packages it imports',
    breaks: (file, { specifier }, manifests) => {
      if (isRelative(specifier) || isBuiltin(specifier)) return false
      const allowed = [
        ...declared(manifests[file.workspace]),
        ...(isTooling(file.path) ? declared(manifests.root, true) : []),
      ]
      return !allowed.includes(packageName(specifier))
    },
  },
  {
    name: 'node: builtins only in the server, e2e, bench and scripts (and tests)',
    breaks: (file, { specifier }) =>
      isBuiltin(specifier) &&
      (file.workspace === 'core' || file.workspace === 'web') &&
      !isTooling(file.path),
  },
  {
    name: 'core imports nothing that does I/O',
    breaks: (file, { specifier }) =>
      file.workspace === 'core' &&
      (withInputOutput.has(packageName(specifier)) ||
        (isBuiltin(specifier) && !isTest(file.path)) ||
        (isRelative(specifier) && !target(file, specifier).startsWith('packages/core/'))),
  },
  {
    name: 'the server never imports the web',
    breaks: (file, { specifier }) =>
      file.workspace === 'server' &&
      (packageName(specifier) === '@charter/web' || target(file, specifier).startsWith('apps/web/')),
  },
  {
    // `hc<AppType>` needs the server's types, never its code in the browser's bundle.
    name: 'the web imports the server only as import type from @charter/server',
    breaks: (file, { specifier, typeOnly }) =>
      file.workspace === 'web' &&
      ((packageName(specifier) === '@charter/server' && !typeOnly) ||
        target(file, specifier).startsWith('apps/server/')),
  },
  { name: 'auth/ never imports wallets/', breaks: reachesInto('auth', ['wallets']) },
  { name: 'wallets/ never imports auth/', breaks: reachesInto('wallets', ['auth']) },
  {
    name: 'members/ imports neither auth/ nor wallets/',
    breaks: reachesInto('members', ['auth', 'wallets']),
  },
  // What the app's own server reaches (serverApi/) reads users and wallet rows, and never the code that opens
  // a key.
  { name: 'serverApi/ never imports wallets/', breaks: reachesInto('serverApi', ['wallets']) },
  {
    name: 'only the composition root imports auth/',
    breaks: (file, { specifier }) =>
      file.workspace === 'server' && !mayImportAuth(file.path) && folderReached(file, specifier) === 'auth',
  },
  // The root's files (app.ts, server.ts, main.ts…) wire every room together; a room that imported them back
  // would import itself in a circle. The settings and the log, which every room reads, have rooms of their own.
  {
    name: 'no server room imports the composition root',
    breaks: (file, { specifier }) =>
      file.workspace === 'server' &&
      !isTest(file.path) &&
      !['fuzz', undefined].includes(serverFolder(file.path)) &&
      isRelative(specifier) &&
      /^apps\/server\/src\/[^/]+$/.test(target(file, specifier)),
  },
  // What every route shares (validators, throttling, the error handler) sits under every feature: a feature
  // folder added later (chains/, pinning/, onramp/) is kept out of it without naming it here.
  // What both kinds of chain share (recording, following, the RPC call) sits at wallets/sends/, above them.
  {
    name: 'wallets/sends/evm/ and wallets/sends/solana/ never import each other',
    breaks: (file, { specifier }) => {
      const from = sendsKind(file.path)
      const to = isRelative(specifier) ? sendsKind(target(file, specifier)) : undefined
      return file.workspace === 'server' && from !== undefined && to !== undefined && from !== to
    },
  },
  {
    name: 'http/ imports no feature folder',
    breaks: (file, { specifier }) =>
      file.workspace === 'server' &&
      !isTest(file.path) &&
      serverFolder(file.path) === 'http' &&
      isRelative(specifier) &&
      target(file, specifier).startsWith('apps/server/src/') &&
      !underHttp.has(folderReached(file, specifier)),
  },
  // The local devnets are chains the server runs, not the service that offers chains: chains/ starts them and
  // serves them through `LocalChain`, so they know nothing of chains/ (nor of any feature) in return.
  {
    name: 'devnets/ imports no feature folder',
    breaks: (file, { specifier }) =>
      file.workspace === 'server' &&
      !isTest(file.path) &&
      serverFolder(file.path) === 'devnets' &&
      isRelative(specifier) &&
      target(file, specifier).startsWith('apps/server/src/') &&
      !['devnets', 'log'].includes(folderReached(file, specifier) ?? ''),
  },
  // Every folder reads its settings; were a setting's parser in a feature, that feature and the settings would
  // import each other. So each parser sits in settings/, and settings/ builds on nothing else of the server's.
  {
    name: 'settings/ imports no feature folder',
    breaks: (file, { specifier }) =>
      file.workspace === 'server' &&
      !isTest(file.path) &&
      serverFolder(file.path) === 'settings' &&
      isRelative(specifier) &&
      !target(file, specifier).startsWith('apps/server/src/settings/'),
  },
  {
    name: 'a web feature is reached from outside only through its index.ts, or a declared lazy entry',
    breaks: (file, { specifier, dynamic }) => {
      const feature = featureReached(file, specifier)
      if (isTest(file.path) || feature === undefined || feature === webFeature(file.path)) return false
      const reached = target(file, specifier)
      return reached !== `apps/web/src/features/${feature}/index.ts` && !(dynamic && lazyEntries.has(reached))
    },
  },
]

export type ParsedFile = SourceFile & { imports: Import[] }

/** Which web features each feature imports (tests aside), and by which import: `path:line imports 'x'`. */
export function webFeatureGraph(files: ParsedFile[]): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>()
  for (const file of files) {
    const from = webFeature(file.path)
    if (from === undefined || isTest(file.path)) continue
    for (const { specifier, line } of file.imports) {
      const to = featureReached(file, specifier)
      if (to === undefined || to === from) continue
      const edges = graph.get(from) ?? new Map<string, string>()
      if (!edges.has(to)) edges.set(to, `${file.path}:${line} imports '${specifier}'`)
      graph.set(from, edges)
    }
  }
  return graph
}

/**
 * Every tangle of web features that import each other, however long the way round: one line per group of
 * features that all reach one another (a strongly connected component), named by a cycle through it
 * (`auth → wallet → auth`) and the import behind each step.
 */
export function featureCycles(graph: Map<string, Map<string, string>>): string[] {
  const next = (feature: string) => [...(graph.get(feature)?.keys() ?? [])].sort()
  const features = [
    ...new Set([...graph.keys(), ...[...graph.values()].flatMap((edges) => [...edges.keys()])]),
  ]
  // Tarjan's algorithm: each component is found once, in one pass over the graph.
  const index = new Map<string, number>()
  const lowest = new Map<string, number>()
  const stack: string[] = []
  const components: string[][] = []
  const visit = (feature: string) => {
    index.set(feature, index.size)
    lowest.set(feature, index.get(feature) as number)
    stack.push(feature)
    for (const reached of next(feature)) {
      if (!index.has(reached)) visit(reached)
      if (stack.includes(reached))
        lowest.set(feature, Math.min(lowest.get(feature) as number, lowest.get(reached) as number))
    }
    if (lowest.get(feature) !== index.get(feature)) return
    const component = stack.splice(stack.indexOf(feature))
    if (component.length > 1) components.push(component.sort())
  }
  for (const feature of features.sort()) if (!index.has(feature)) visit(feature)
  return components.map((component) => {
    const cycle = shortestWayRound(component, next)
    const steps = cycle.slice(1).map((to, step) => graph.get(cycle[step] as string)?.get(to))
    const others =
      component.length > cycle.length - 1 ? `; all of ${component.join(', ')} reach one another` : ''
    return `${cycle.join(' → ')} (${steps.join('; ')})${others}`
  })
}

/** The shortest way from the component's first feature back to itself, staying inside the component. */
function shortestWayRound(component: string[], next: (feature: string) => string[]): string[] {
  const start = component[0] as string
  const cameFrom = new Map<string, string>()
  const queue = [start]
  while (queue.length > 0) {
    const feature = queue.shift() as string
    for (const reached of next(feature).filter((candidate) => component.includes(candidate))) {
      if (reached === start) {
        const way = [feature]
        while (way[0] !== start) way.unshift(cameFrom.get(way[0] as string) as string)
        return [...way, start]
      }
      if (!cameFrom.has(reached)) {
        cameFrom.set(reached, feature)
        queue.push(reached)
      }
    }
  }
  return [start, start]
}

export const parse = (file: SourceFile): ParsedFile => ({ ...file, imports: importsOf(file.path, file.text) })

/** Where `rule` is broken in `files`, one line per import: `path:line imports 'specifier'`. */
export function violations(rule: Rule, files: ParsedFile[], manifests: Manifests): string[] {
  return files.flatMap((file) =>
    file.imports
      .filter((imported) => rule.breaks(file, imported, manifests))
      .map(({ line, specifier }) => `${file.path}:${line} imports '${specifier}'`),
  )
}
