export { MyInvitations } from './MyInvitations.tsx'
export { MyRoles } from './MyRoles.tsx'
