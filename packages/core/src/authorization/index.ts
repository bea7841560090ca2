export {
  type AuthorizationHeaders,
  type AuthorizationMethod,
  authorizationPayload,
} from './authorizationPayload.ts'
export { p1363ToDer } from './p1363ToDer.ts'
