export { resolveRpcUrl } from './resolveRpcUrl.ts'
