export { AccountAddressRoute } from './AccountAddressRoute.tsx'
export { AccountMenu } from './AccountMenu.tsx'
export { describeUser } from './describeUser.ts'
export { LinkedWalletsRoute } from './LinkedWalletsRoute.tsx'
