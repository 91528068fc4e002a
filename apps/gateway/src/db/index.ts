// What a runner needs to give the gateway its schema (the standalone stack, tests).
export { type GatewayDatabase, gatewaySchema } from './database';
export { migrations } from './migrations';
